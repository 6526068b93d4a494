import { isEmailAddress } from '@shared/email-address'
import { LIMITS } from '@shared/contract.gen'

/**
 * The contact form's rules, the same as the contract's ContactMessageRequest (the server checks them again):
 * each function answers the message to show under its field, or null when the value is fine.
 */
const contact = LIMITS.ContactMessageRequest
export const CONTACT_LIMITS = {
  name: contact.name.maxLength,
  email: contact.email.maxLength,
  phone: contact.phone.maxLength,
  subject: contact.subject.maxLength,
  messageMin: contact.message.minLength,
  message: contact.message.maxLength,
} as const

// Something, an @, something, a dot, something: enough to catch typing slips; the server checks the format fully.
const PHONE_CHARACTERS = /^[0-9+()\- .]*$/

const tooLong = (max: number) => `Use at most ${max} characters.`

export const contactRules = {
  name: (value: string) => {
    if (value.trim() === '') return 'Please enter your name.'
    return value.trim().length > CONTACT_LIMITS.name ? tooLong(CONTACT_LIMITS.name) : null
  },
  email: (value: string) => {
    const email = value.trim()
    if (email === '') return 'Please enter your email address, so we can reply.'
    if (email.length > CONTACT_LIMITS.email) return tooLong(CONTACT_LIMITS.email)
    return isEmailAddress(email) ? null : 'Please enter an email address like name@example.com.'
  },
  phone: (value: string) => {
    const phone = value.trim()
    if (phone.length > CONTACT_LIMITS.phone) return tooLong(CONTACT_LIMITS.phone)
    return PHONE_CHARACTERS.test(phone) ? null : 'Use only digits, spaces and + ( ) - . in a phone number.'
  },
  subject: (value: string) => {
    if (value.trim() === '') return 'Please tell us what your message is about.'
    return value.trim().length > CONTACT_LIMITS.subject ? tooLong(CONTACT_LIMITS.subject) : null
  },
  message: (value: string) => {
    const message = value.trim()
    if (message === '') return 'Please write your message.'
    if (message.length < CONTACT_LIMITS.messageMin) return `Please write at least ${CONTACT_LIMITS.messageMin} characters, so we can help.`
    return message.length > CONTACT_LIMITS.message ? tooLong(CONTACT_LIMITS.message) : null
  },
}
