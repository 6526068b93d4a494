import { LIMITS } from '@shared/contract.gen'
import { emailProblem, phoneProblem, REQUIRED, textProblem } from '@shared/field-rules'

/**
 * The contact form's rules, the same as the contract's ContactMessageRequest (the server checks them again):
 * each function answers the message to show under its field, or null when the value is fine. The checks and their
 * words are the shared ones (shared/field-rules.ts, REQUIRED for a missing value); the messages here name what to enter.
 */
const contact = LIMITS.ContactMessageRequest
export const CONTACT_LIMITS = {
  name: contact.name.maxLength,
  email: contact.email.maxLength,
  phone: contact.phone.maxLength,
  subject: contact.subject.maxLength,
  message: contact.message.maxLength,
} as const

export const contactRules = {
  name: (value: string) => textProblem(value, contact.name, REQUIRED.enter('your name')),
  email: (value: string) => emailProblem(value, REQUIRED.enter('your email address, so we can reply'), contact.email),
  // The contact form's phone is optional and has no shortest length (the contract's own `phone`, not Phone).
  phone: (value: string) => phoneProblem(value, undefined, contact.phone),
  subject: (value: string) => textProblem(value, contact.subject, REQUIRED.enter('what your message is about')),
  message: (value: string) => textProblem(value, contact.message, REQUIRED.enter('your message')),
}
