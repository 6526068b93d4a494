import { describe, expect, it } from 'vitest'
import { placeServerErrors } from '@/forms/enrolment-errors'
import { courseEnrolmentRequest, schoolEnrolmentRequest, subjectEnrolmentRequest } from '@/forms/enrolment-requests'
import {
  courseEnrolmentErrors,
  emptyAddress,
  emptyConsents,
  emptyContact,
  emptyStudent,
  MESSAGES,
  schoolEnrolmentErrors,
  subjectEnrolmentErrors,
  type CourseEnrolmentValues,
  type SchoolEnrolmentValues,
  type SubjectEnrolmentValues,
} from '@/forms/enrolment-rules'
import { parseStartTerm, startTermOptions } from '@/forms/enrolment-terms'

const today = new Date(2026, 10, 22)

const contact = { name: ' Amina Yusuf ', relationship: 'parent', email: 'amina@example.org', phone: '07700 900123', preferredContact: 'email', organisation: '' }
const student = { name: 'Zara Yusuf', age: '', yearGroup: 'year_9', school: '' }
const address = { line1: '12 Park Row', line2: '', town: 'Leeds', postcode: 'ls1 4ap' }
const consents = { heardAbout: null, privacyConsent: true, marketingConsent: false, website: '' }

const emptySubject: SubjectEnrolmentValues = {
  applicantType: null,
  contact: emptyContact,
  student: emptyStudent,
  subjects: [],
  level: null,
  goals: '',
  deliveryMode: null,
  address: emptyAddress,
  availability: { days: [], times: [], startDate: '', frequency: null, lessonMinutes: null },
  learningNeeds: '',
  ...emptyConsents,
}

const validSubject: SubjectEnrolmentValues = {
  applicantType: 'parent_guardian',
  contact,
  student,
  subjects: ['Maths'],
  level: 'ks3',
  goals: 'Confidence with algebra before Year 10.',
  deliveryMode: 'online',
  address: emptyAddress,
  availability: { days: ['monday'], times: ['after_school'], startDate: '2026-12-01', frequency: 'weekly', lessonMinutes: '60' },
  learningNeeds: '   ',
  ...consents,
}

const validCourse: CourseEnrolmentValues = {
  courseId: 'gcse-maths-revision',
  start: 'date',
  startDate: '2026-12-01',
  cohort: '',
  deliveryMode: 'online',
  address: emptyAddress,
  contact,
  student,
  emergencyContact: { name: '', relationship: '', phone: '' },
  learningNeeds: '',
  ...consents,
}

const emptySchool: SchoolEnrolmentValues = {
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
  ...emptyConsents,
}

const validSchool: SchoolEnrolmentValues = {
  school: { name: 'Hillside Primary School', type: 'primary', address },
  mainContact: { name: 'Grace Okafor', role: 'Deputy head', email: 'g.okafor@hillside.sch.uk', phone: '0113 496 0000' },
  safeguardingLead: { name: 'Tom Reid', email: 't.reid@hillside.sch.uk', phone: '' },
  subjects: ['Reading', 'Maths'],
  yearGroups: ['year_5', 'year_6'],
  pupilCount: 40,
  delivery: ['school_day'],
  preferredDays: ['tuesday', 'thursday'],
  start: 'spring-2027',
  notes: '',
  ...consents,
}

describe('the subject enrolment rules', () => {
  it('asks for every required field of an empty form, each with its own message', () => {
    expect(subjectEnrolmentErrors(emptySubject, today)).toEqual({
      applicantType: MESSAGES.applicantType,
      'contact.name': MESSAGES.contactName,
      'contact.relationship': MESSAGES.relationship,
      'contact.email': MESSAGES.email,
      'contact.phone': MESSAGES.phone,
      'contact.preferredContact': MESSAGES.preferredContact,
      'student.name': MESSAGES.studentName,
      'student.age': MESSAGES.ageOrYear,
      subjects: MESSAGES.subjects,
      level: MESSAGES.level,
      goals: MESSAGES.goals,
      deliveryMode: MESSAGES.deliveryMode,
      'availability.days': MESSAGES.days,
      'availability.times': MESSAGES.times,
      'availability.startDate': MESSAGES.startDate,
      'availability.frequency': MESSAGES.frequency,
      'availability.lessonMinutes': MESSAGES.lessonMinutes,
      privacyConsent: MESSAGES.privacyConsent,
    })
  })

  it('accepts a complete enrolment', () => {
    expect(subjectEnrolmentErrors(validSubject, today)).toEqual({})
  })

  it('asks for the home address only for lessons at home', () => {
    expect(subjectEnrolmentErrors({ ...validSubject, deliveryMode: 'home' }, today)).toEqual({
      'address.line1': MESSAGES.addressLine1,
      'address.town': MESSAGES.town,
      'address.postcode': MESSAGES.postcode,
    })
    expect(subjectEnrolmentErrors({ ...validSubject, deliveryMode: 'home', address: { ...address, postcode: 'LS1-4AP' } }, today)).toEqual({
      'address.postcode': 'Use only letters, digits and spaces in a postcode, like LS1 4AP.',
    })
    expect(subjectEnrolmentErrors({ ...validSubject, deliveryMode: 'home', address }, today)).toEqual({})
  })

  it('needs an age or a year group, and an age from 3 to 99', () => {
    const noAge = { ...student, yearGroup: null }
    expect(subjectEnrolmentErrors({ ...validSubject, student: noAge }, today)).toEqual({ 'student.age': MESSAGES.ageOrYear })
    expect(subjectEnrolmentErrors({ ...validSubject, student: { ...noAge, age: 2 } }, today)).toEqual({ 'student.age': 'Enter a whole number of years from 3 to 99.' })
    expect(subjectEnrolmentErrors({ ...validSubject, student: { ...noAge, age: 100 } }, today)).toEqual({ 'student.age': 'Enter a whole number of years from 3 to 99.' })
    expect(subjectEnrolmentErrors({ ...validSubject, student: { ...noAge, age: 14 } }, today)).toEqual({})
  })

  it('does not let a learner under 18 enrol themselves', () => {
    const self = { ...contact, relationship: 'self' }
    expect(subjectEnrolmentErrors({ ...validSubject, applicantType: 'adult_learner', contact: self }, today)).toEqual({
      'contact.relationship': MESSAGES.minorNeedsAdult,
    })
    const adult = { ...student, age: 34, yearGroup: null }
    expect(subjectEnrolmentErrors({ ...validSubject, applicantType: 'adult_learner', contact: self, student: adult }, today)).toEqual({})
  })

  it('checks formats and lengths the contract sets', () => {
    const errors = subjectEnrolmentErrors(
      {
        ...validSubject,
        contact: { ...contact, name: 'x'.repeat(101), email: 'amina@example', phone: '07700 9OO123', organisation: 'y'.repeat(151) },
        goals: 'g'.repeat(2001),
        learningNeeds: 'n'.repeat(2001),
      },
      today,
    )
    expect(errors).toEqual({
      'contact.name': 'Use at most 100 characters.',
      'contact.email': 'Enter an email address like name@example.com.',
      'contact.phone': 'Use only digits, spaces and + ( ) - . in a phone number.',
      'contact.organisation': 'Use at most 150 characters.',
      goals: 'Use at most 2000 characters.',
      learningNeeds: 'Use at most 2000 characters.',
    })
    expect(subjectEnrolmentErrors({ ...validSubject, contact: { ...contact, phone: '12345' } }, today)).toEqual({ 'contact.phone': 'Use at least 6 characters.' })
  })

  it('takes a start date from today to a year ahead', () => {
    const on = (startDate: string) => subjectEnrolmentErrors({ ...validSubject, availability: { ...validSubject.availability, startDate } }, today)
    expect(on('2026-11-21')).toEqual({ 'availability.startDate': MESSAGES.dateInPast })
    expect(on('2026-11-22')).toEqual({})
    expect(on('2027-11-22')).toEqual({})
    expect(on('2027-11-23')).toEqual({ 'availability.startDate': MESSAGES.dateTooFar })
  })

  it('takes up to six subjects', () => {
    const subjects = ['Maths', 'English', 'Science', 'History', 'French', 'Music', 'Art and Design']
    expect(subjectEnrolmentErrors({ ...validSubject, subjects }, today)).toEqual({ subjects: 'Choose at most 6 subjects.' })
  })

  it('builds the contract body: trimmed, blanks left out, address only for home, numbers as numbers', () => {
    expect(subjectEnrolmentRequest({ ...validSubject, marketingConsent: true })).toEqual({
      applicantType: 'parent_guardian',
      contact: { name: 'Amina Yusuf', relationship: 'parent', email: 'amina@example.org', phone: '07700 900123', preferredContact: 'email' },
      student: { name: 'Zara Yusuf', yearGroup: 'year_9' },
      subjects: ['Maths'],
      level: 'ks3',
      goals: 'Confidence with algebra before Year 10.',
      deliveryMode: 'online',
      availability: { days: ['monday'], times: ['after_school'], startDate: '2026-12-01', frequency: 'weekly', lessonMinutes: 60 },
      privacyConsent: true,
      marketingConsent: true,
      website: '',
    })
    const home = subjectEnrolmentRequest({ ...validSubject, deliveryMode: 'home', address, student: { ...student, age: 14 } })
    expect(home.address).toEqual({ line1: '12 Park Row', town: 'Leeds', postcode: 'LS1 4AP' })
    expect(home.student).toEqual({ name: 'Zara Yusuf', age: 14, yearGroup: 'year_9' })
  })
})

describe('the course enrolment rules', () => {
  it('accepts a complete online enrolment without an emergency contact', () => {
    expect(courseEnrolmentErrors(validCourse, ['home', 'online'], today)).toEqual({})
  })

  it('asks for the course, and a mode among those the course offers', () => {
    expect(courseEnrolmentErrors({ ...validCourse, courseId: null, deliveryMode: null }, [], today)).toEqual({ courseId: MESSAGES.course })
    expect(courseEnrolmentErrors({ ...validCourse, deliveryMode: null }, ['home', 'online'], today)).toEqual({ deliveryMode: MESSAGES.deliveryMode })
    expect(courseEnrolmentErrors({ ...validCourse, deliveryMode: 'school' }, ['home', 'online'], today)).toMatchObject({ deliveryMode: MESSAGES.modeNotOffered })
  })

  it('needs a start date or a named intake, whichever was chosen', () => {
    expect(courseEnrolmentErrors({ ...validCourse, startDate: '' }, ['online'], today)).toEqual({ startDate: MESSAGES.startDate })
    expect(courseEnrolmentErrors({ ...validCourse, start: 'cohort', startDate: '' }, ['online'], today)).toEqual({ cohort: MESSAGES.cohort })
    expect(courseEnrolmentErrors({ ...validCourse, start: 'cohort', cohort: 'Spring half term' }, ['online'], today)).toEqual({})
    expect(courseEnrolmentRequest({ ...validCourse, start: 'cohort', cohort: ' Spring half term ', startDate: '2026-12-01' })).toMatchObject({ cohort: 'Spring half term' })
    expect(courseEnrolmentRequest({ ...validCourse, start: 'cohort', cohort: 'Spring half term' })).not.toHaveProperty('startDate')
  })

  it('asks for an emergency contact for every in-person mode, and the address for home', () => {
    for (const mode of ['school', 'community'] as const) {
      expect(courseEnrolmentErrors({ ...validCourse, deliveryMode: mode }, [mode], today)).toEqual({
        'emergencyContact.name': MESSAGES.emergencyName,
        'emergencyContact.relationship': MESSAGES.emergencyRelationship,
        'emergencyContact.phone': MESSAGES.emergencyPhone,
      })
    }
    expect(Object.keys(courseEnrolmentErrors({ ...validCourse, deliveryMode: 'home' }, ['home'], today))).toEqual([
      'address.line1',
      'address.town',
      'address.postcode',
      'emergencyContact.name',
      'emergencyContact.relationship',
      'emergencyContact.phone',
    ])
    const emergencyContact = { name: 'Idris Yusuf', relationship: 'Uncle', phone: '07700 900456' }
    const body = courseEnrolmentRequest({ ...validCourse, deliveryMode: 'home', address, emergencyContact })
    expect(body).toMatchObject({ deliveryMode: 'home', emergencyContact, address: { postcode: 'LS1 4AP' } })
    expect(courseEnrolmentRequest({ ...validCourse, emergencyContact })).not.toHaveProperty('emergencyContact')
  })
})

describe('the school enrolment rules', () => {
  it('asks for every required field of an empty form', () => {
    expect(schoolEnrolmentErrors(emptySchool)).toEqual({
      'school.name': MESSAGES.schoolName,
      'school.type': MESSAGES.schoolType,
      'school.address.line1': MESSAGES.addressLine1,
      'school.address.town': MESSAGES.town,
      'school.address.postcode': MESSAGES.postcode,
      'mainContact.name': MESSAGES.mainContactName,
      'mainContact.role': MESSAGES.contactRole,
      'mainContact.email': MESSAGES.mainContactEmail,
      'mainContact.phone': MESSAGES.mainContactPhone,
      'safeguardingLead.name': MESSAGES.leadName,
      'safeguardingLead.email': MESSAGES.leadEmail,
      subjects: MESSAGES.schoolSubjects,
      yearGroups: MESSAGES.yearGroups,
      pupilCount: MESSAGES.pupilCount,
      delivery: MESSAGES.schoolDelivery,
      preferredDays: MESSAGES.preferredDays,
      start: MESSAGES.startTerm,
      privacyConsent: MESSAGES.privacyConsent,
    })
  })

  it('accepts a complete enrolment and checks the optional phone and the number of pupils', () => {
    expect(schoolEnrolmentErrors(validSchool)).toEqual({})
    expect(schoolEnrolmentErrors({ ...validSchool, safeguardingLead: { ...validSchool.safeguardingLead, phone: 'ext 12' } })).toEqual({
      'safeguardingLead.phone': 'Use only digits, spaces and + ( ) - . in a phone number.',
    })
    expect(schoolEnrolmentErrors({ ...validSchool, pupilCount: 0 })).toEqual({ pupilCount: 'Enter a whole number of pupils from 1 to 5000.' })
    expect(schoolEnrolmentErrors({ ...validSchool, pupilCount: 5001 })).toEqual({ pupilCount: 'Enter a whole number of pupils from 1 to 5000.' })
  })

  it('builds the contract body with the term and year apart', () => {
    expect(schoolEnrolmentRequest(validSchool)).toEqual({
      school: { name: 'Hillside Primary School', type: 'primary', address: { line1: '12 Park Row', town: 'Leeds', postcode: 'LS1 4AP' } },
      mainContact: { name: 'Grace Okafor', role: 'Deputy head', email: 'g.okafor@hillside.sch.uk', phone: '0113 496 0000' },
      safeguardingLead: { name: 'Tom Reid', email: 't.reid@hillside.sch.uk' },
      subjects: ['Reading', 'Maths'],
      yearGroups: ['year_5', 'year_6'],
      pupilCount: 40,
      delivery: ['school_day'],
      preferredDays: ['tuesday', 'thursday'],
      startTerm: 'spring',
      startYear: 2027,
      privacyConsent: true,
      marketingConsent: false,
      website: '',
    })
  })

  it('offers the terms that have not ended, up to the year after next', () => {
    expect(startTermOptions(today).map((option) => option.value)).toEqual([
      'autumn-2026',
      'spring-2027',
      'summer-2027',
      'autumn-2027',
      'spring-2028',
      'summer-2028',
      'autumn-2028',
    ])
    expect(startTermOptions(new Date(2027, 3, 15))[0]).toEqual({ value: 'summer-2027', label: 'Summer term 2027' })
    expect(parseStartTerm('autumn-2027')).toEqual({ startTerm: 'autumn', startYear: 2027 })
  })
})

describe('placing the server’s field messages', () => {
  const shown = ['applicantType', 'contact.name', 'contact.email', 'subjects', 'address.line1', 'address.town', 'start']

  it('puts each message under its field, the nearest shown one, or leaves it for the alert', () => {
    expect(
      placeServerErrors(
        {
          'contact.email': 'Enter an email address like name@example.com.',
          'subjects.1': 'Choose a subject from the list.',
          address: 'Enter the address where lessons will happen.',
          startYear: 'That term has already ended. Choose a later one.',
          emergencyContact: 'Give an emergency contact for lessons in person.',
        },
        shown,
        { startYear: 'start' },
      ),
    ).toEqual({
      placed: {
        'contact.email': 'Enter an email address like name@example.com.',
        subjects: 'Choose a subject from the list.',
        'address.line1': 'Enter the address where lessons will happen.',
        start: 'That term has already ended. Choose a later one.',
      },
      unplaced: ['Give an emergency contact for lessons in person.'],
    })
  })
})
