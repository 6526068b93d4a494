/** Valid requests for the four public forms, for the registration tests; each call varies the emails. */

const DAY_MS = 24 * 3600 * 1000
export const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)

export function subjectEnrolment(n: number, overrides: Record<string, unknown> = {}) {
  return {
    applicantType: 'parent_guardian',
    contact: { name: 'Priya Shah', relationship: 'parent', email: `priya.${n}@example.org`, phone: '+44 7700 900111', preferredContact: 'email' },
    student: { name: `Anya Shah ${n}`, yearGroup: 'year_10', school: 'Northfield Academy' },
    subjects: ['Maths', 'Physics'],
    level: 'gcse',
    goals: 'Build confidence with algebra before the mock exams.',
    deliveryMode: 'home',
    address: { line1: '14 Elm Grove', town: 'Leeds', postcode: 'LS6 2AB' },
    availability: { days: ['tuesday', 'thursday'], times: ['after_school'], startDate: inDays(14), frequency: 'weekly', lessonMinutes: 60 },
    heardAbout: 'school',
    privacyConsent: true,
    marketingConsent: false,
    ...overrides,
  }
}

export function courseEnrolment(n: number, overrides: Record<string, unknown> = {}) {
  return {
    courseId: 'gcse-maths-revision',
    startDate: inDays(21),
    deliveryMode: 'online',
    contact: { name: 'Mark Owens', relationship: 'guardian', email: `mark.${n}@example.org`, phone: '0113 496 0000', preferredContact: 'phone' },
    student: { name: `Leo Owens ${n}`, age: 15, yearGroup: 'year_11' },
    privacyConsent: true,
    ...overrides,
  }
}

export function schoolEnrolment(n: number, overrides: Record<string, unknown> = {}) {
  const year = new Date().getUTCFullYear() + 1
  return {
    school: { name: `Riverside Primary ${n}`, type: 'primary', address: { line1: '1 School Lane', town: 'Bristol', postcode: 'BS1 4DJ' } },
    mainContact: { name: 'Helen Carter', role: 'Deputy head', email: `helen.${n}@riverside.example`, phone: '0117 496 0123' },
    safeguardingLead: { name: 'Tom Reid', email: `tom.${n}@riverside.example` },
    subjects: ['Reading', 'Maths'],
    yearGroups: ['year_5', 'year_6'],
    pupilCount: 40,
    delivery: ['school_day', 'after_school'],
    preferredDays: ['monday', 'wednesday'],
    startTerm: 'spring',
    startYear: year,
    notes: 'Mostly catch-up support for Year 6 SATs.',
    privacyConsent: true,
    ...overrides,
  }
}

export function tutorApplication(n: number, overrides: Record<string, unknown> = {}) {
  return {
    personal: { name: `Grace Hopper ${n}`, email: `grace.${n}@example.org`, phone: '07700 900222', postcode: 'M1 1AE' },
    teaching: {
      subjects: ['Maths', 'Computing'],
      levels: ['gcse', 'a_level'],
      highestQualification: 'postgraduate',
      qualifiedTeacher: true,
      qualifications: 'MSc Mathematics; PGCE Secondary Maths.',
      experienceYears: 6,
      experience: 'Six years teaching maths in a comprehensive school, and two years of private tutoring.',
    },
    delivery: { modes: ['online', 'home'], travelArea: 'Central and south Manchester', maxTravelMiles: 8 },
    availability: { days: ['monday', 'saturday'], times: ['evening', 'morning'], hoursPerWeek: 6 },
    backgroundCheck: { hasEnhancedCheck: true, certificateNumber: '001234567890', onUpdateService: true, consentToCheck: true },
    referees: [
      { name: 'Alan Turing', relationship: 'Head of maths at my school', email: `alan.${n}@school.example`, phone: '0161 496 0000' },
      { name: 'Ada Lovelace', relationship: 'Former line manager', email: `ada.${n}@school.example`, phone: '0161 496 0001' },
    ],
    personalStatement: 'I love seeing a student realise they can do maths after all. I plan lessons around what each student finds hard.',
    privacyConsent: true,
    marketingConsent: true,
    ...overrides,
  }
}

export const FORM_PATHS = {
  subject: '/api/enrolments/subject',
  course: '/api/enrolments/course',
  school: '/api/enrolments/school',
  tutor: '/api/tutor-applications',
} as const

export const BODIES = { subject: subjectEnrolment, course: courseEnrolment, school: schoolEnrolment, tutor: tutorApplication } as const
