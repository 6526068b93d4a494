import { describe, expect, it } from 'vitest'
import { contactRules } from '@/forms/contact-rules'
import {
  courseEnrolmentErrors,
  emptyAddress,
  emptyConsents,
  emptyContact,
  emptyStudent,
  schoolEnrolmentErrors,
  subjectEnrolmentErrors,
  type SubjectEnrolmentValues,
} from '@/forms/enrolment-rules'
import { applicationErrors, emptyDraft, stepRules } from '@/machines/tutor-application.rules'
import { completeDraft } from './tutor-application-fixtures'

const today = new Date(2026, 10, 22)

const subject: SubjectEnrolmentValues = {
  applicantType: 'parent_guardian',
  contact: { name: 'Amina Yusuf', relationship: 'parent', email: 'amina@example.org', phone: '07700 900123', preferredContact: 'email', organisation: '' },
  student: { name: 'Zara Yusuf', age: '', yearGroup: 'year_9', school: '' },
  subjects: ['Maths'],
  level: 'ks3',
  goals: 'Confidence with algebra before Year 10.',
  deliveryMode: 'home',
  address: { ...emptyAddress, line1: '12 Park Row', town: 'Leeds', postcode: 'LS1 4AP' },
  availability: { days: ['monday'], times: ['after_school'], startDate: '2026-12-01', frequency: 'weekly', lessonMinutes: '60' },
  learningNeeds: '',
  ...emptyConsents,
  privacyConsent: true,
}

/** What the enrolment, the tutor application and the contact form say under an email, phone or postcode field. */
function enrolmentSays(contact: Partial<SubjectEnrolmentValues['contact']>, postcode = 'LS1 4AP') {
  const errors = subjectEnrolmentErrors({ ...subject, contact: { ...subject.contact, ...contact }, address: { ...subject.address, postcode } }, today)
  return { email: errors['contact.email'], phone: errors['contact.phone'], postcode: errors['address.postcode'] }
}

function applicationSays(personal: Partial<ReturnType<typeof completeDraft>['personal']>) {
  const draft = completeDraft()
  const errors = stepRules.personal({ ...draft, personal: { ...draft.personal, ...personal } })
  return { email: errors['personal.email'], phone: errors['personal.phone'], postcode: errors['personal.postcode'] }
}

describe('the public forms’ field checks', () => {
  it('say one thing for a mistyped email address, whichever form it is in', () => {
    const wording = 'Enter an email address like name@example.com.'
    expect(enrolmentSays({ email: 'amina@example' }).email).toBe(wording)
    expect(applicationSays({ email: 'priya@example' }).email).toBe(wording)
    expect(contactRules.email('sam@example')).toBe(wording)
  })

  it('say one thing for a phone number with letters, and one for a short one', () => {
    const letters = 'Use only digits, spaces and + ( ) - . in a phone number.'
    expect(enrolmentSays({ phone: 'ext 12' }).phone).toBe(letters)
    expect(applicationSays({ phone: 'ext 12' }).phone).toBe(letters)
    expect(contactRules.phone('ext 12')).toBe(letters)
    expect(enrolmentSays({ phone: '12345' }).phone).toBe('Use at least 6 characters.')
    expect(applicationSays({ phone: '12345' }).phone).toBe('Use at least 6 characters.')
  })

  it('say one thing for a postcode with other characters, and one for a short one', () => {
    const characters = 'Use only letters, digits and spaces in a postcode, like LS1 4AP.'
    expect(enrolmentSays({}, 'LS1-4AP').postcode).toBe(characters)
    expect(applicationSays({ postcode: 'LS6-2AB' }).postcode).toBe(characters)
    expect(enrolmentSays({}, 'L').postcode).toBe('Use at least 2 characters.')
    expect(applicationSays({ postcode: 'L' }).postcode).toBe('Use at least 2 characters.')
  })

  it('say one thing for a number out of range or not a whole number, naming the unit', () => {
    const draft = completeDraft()
    const teaching = (experienceYears: string) => stepRules.teaching({ ...draft, teaching: { ...draft.teaching, experienceYears } })['teaching.experienceYears']
    expect(teaching('61')).toBe('Enter a whole number of years from 0 to 60.')
    expect(teaching('two')).toBe('Enter a whole number of years from 0 to 60.')
    const hours = stepRules.delivery({ ...draft, availability: { ...draft.availability, hoursPerWeek: '41' } })['availability.hoursPerWeek']
    expect(hours).toBe('Enter a whole number of hours from 1 to 40.')
    const age = subjectEnrolmentErrors({ ...subject, student: { ...subject.student, age: 2, yearGroup: null } }, today)['student.age']
    expect(age).toBe('Enter a whole number of years from 3 to 99.')
  })

  it('say a missing value in one style, naming what to enter, choose or tick', () => {
    const emptyAvailability = { days: [], times: [], startDate: '', frequency: null, lessonMinutes: null }
    const missing = {
      subject: subjectEnrolmentErrors(
        { ...emptyConsents, applicantType: null, contact: emptyContact, student: emptyStudent, subjects: [], level: null, goals: '', deliveryMode: 'home', address: emptyAddress, availability: emptyAvailability, learningNeeds: '' },
        today,
      ),
      course: courseEnrolmentErrors(
        { ...emptyConsents, courseId: 'maths', start: 'cohort', startDate: '', cohort: '', deliveryMode: 'home', address: emptyAddress, contact: emptyContact, student: emptyStudent, emergencyContact: { name: '', relationship: '', phone: '' }, learningNeeds: '' },
        ['home'],
        today,
      ),
      school: schoolEnrolmentErrors({
        ...emptyConsents,
        school: { name: '', type: null, address: emptyAddress },
        mainContact: { name: '', role: '', email: '', phone: '' },
        safeguardingLead: { name: '', email: '', phone: '' },
        subjects: [],
        yearGroups: [],
        pupilCount: '',
        delivery: [],
        preferredDays: [],
        start: null,
        notes: '',
      }),
      application: applicationErrors(emptyDraft()),
      contact: { name: contactRules.name(''), email: contactRules.email(''), subject: contactRules.subject(''), message: contactRules.message('') },
    }
    for (const [form, errors] of Object.entries(missing)) {
      for (const [field, message] of Object.entries(errors)) expect(`${form} ${field}: ${message}`).toMatch(/^\S+ \S+: (Enter|Choose|Tick the box to) [^.]+.*\.$/)
    }
    // The same field reads the same on every form that has it.
    expect(missing.subject['contact.name']).toBe('Enter your full name.')
    expect(missing.application['personal.name']).toBe('Enter your full name.')
    expect(missing.contact.email).toBe('Enter your email address, so we can reply.')
    expect(missing.application['personal.email']).toBe('Enter your email address, so we can reply.')
    expect(missing.subject.privacyConsent).toBe('Tick the box to agree to how we use your information, so we can handle your enrolment.')
    expect(missing.application.privacyConsent).toBe('Tick the box to agree to the privacy notice, so we can process your application.')
  })

  it('say one thing for text too long or too short', () => {
    expect(contactRules.subject('s'.repeat(151))).toBe('Use at most 150 characters.')
    expect(contactRules.message('Hello')).toBe('Use at least 10 characters.')
    expect(stepRules.review({ ...completeDraft(), personalStatement: 'Short.' })['personalStatement']).toBe('Use at least 50 characters.')
  })
})
