import { eq } from 'drizzle-orm'
import { isoDay } from '../../shared/dates.ts'
import type { Db } from '../db/client.ts'
import { registrationEvents, registrations, type RegistrationStatus, type RegistrationType } from '../db/schema.ts'
import { createSchool, createStudent } from '../registrations/accept.ts'
import { FORMS, type RegistrationAnswers } from '../registrations/forms.ts'
import { duplicateKey, storeRegistration } from '../registrations/store.ts'

const DAY_MS = 24 * 3600 * 1000
const HOUR_MS = 3600 * 1000

interface DemoRegistration {
  type: RegistrationType
  status: RegistrationStatus
  /** How long ago it was sent. */
  hoursAgo: number
  /** A staff note added after review, if any. */
  note?: string
  /** Why it was rejected or withdrawn. */
  reason?: string
  answers: (now: Date) => RegistrationAnswers
}

const day = (now: Date, days: number) => isoDay(new Date(now.getTime() + days * DAY_MS), 'utc')

/** A realistic inbox for the demo: every type, every status. Addresses use example domains that never receive mail. */
export const DEMO_REGISTRATIONS: readonly DemoRegistration[] = [
  {
    type: 'subject',
    status: 'new',
    hoursAgo: 3,
    answers: (now) => ({
      applicantType: 'parent_guardian',
      contact: { name: 'Priya Shah', relationship: 'parent', email: 'priya.shah@example.org', phone: '07700 900101', preferredContact: 'email' },
      student: { name: 'Anya Shah', yearGroup: 'year_10', school: 'Northfield Academy' },
      subjects: ['Maths', 'Physics'],
      level: 'gcse',
      goals: 'Anya is aiming for a 7 in maths and wants to feel less anxious about physics equations before her mocks.',
      deliveryMode: 'home',
      address: { line1: '14 Elm Grove', town: 'Leeds', postcode: 'LS6 2AB' },
      availability: { days: ['tuesday', 'thursday'], times: ['after_school'], startDate: day(now, 10), frequency: 'weekly', lessonMinutes: 60 },
      heardAbout: 'school',
      privacyConsent: true,
      marketingConsent: false,
    }),
  },
  {
    type: 'subject',
    status: 'in_review',
    hoursAgo: 30,
    note: 'Left a voicemail for Mr Okafor; two tutors in Croydon could take this.',
    answers: (now) => ({
      applicantType: 'parent_guardian',
      contact: { name: 'Daniel Okafor', relationship: 'parent', email: 'd.okafor@example.net', phone: '020 7946 0811', preferredContact: 'phone' },
      student: { name: 'Chidi Okafor', yearGroup: 'year_4' },
      subjects: ['Reading', 'English'],
      level: 'primary',
      goals: 'Chidi reads below his age and is losing confidence; we would like him to enjoy books again.',
      deliveryMode: 'online',
      availability: { days: ['monday', 'wednesday'], times: ['after_school'], startDate: day(now, 7), frequency: 'twice_weekly', lessonMinutes: 30 },
      learningNeeds: 'Suspected dyslexia; assessment booked through school.',
      heardAbout: 'friend_or_family',
      privacyConsent: true,
      marketingConsent: true,
    }),
  },
  {
    type: 'subject',
    status: 'accepted',
    hoursAgo: 24 * 6,
    note: 'Matched with Tom Tutor; first lesson booked.',
    answers: (now) => ({
      applicantType: 'adult_learner',
      contact: { name: 'Marta Kowalska', relationship: 'self', email: 'marta.k@example.com', phone: '07700 900303', preferredContact: 'text' },
      student: { name: 'Marta Kowalska', age: 36 },
      subjects: ['ESOL'],
      level: 'adult',
      goals: 'Improve spoken English for work in a care home, and pass the Entry 3 speaking exam.',
      deliveryMode: 'community',
      availability: { days: ['saturday'], times: ['morning'], startDate: day(now, 3), frequency: 'weekly', lessonMinutes: 90 },
      heardAbout: 'community_group',
      privacyConsent: true,
      marketingConsent: false,
    }),
  },
  {
    type: 'subject',
    status: 'withdrawn',
    hoursAgo: 24 * 9,
    reason: 'The family moved away from the area.',
    answers: (now) => ({
      applicantType: 'referral',
      contact: { name: 'Sophie Turner', relationship: 'teacher', email: 'sturner@school.example', phone: '0161 496 0702', preferredContact: 'email', organisation: 'Oakwood Primary' },
      student: { name: 'Jayden Mills', yearGroup: 'year_6', school: 'Oakwood Primary' },
      subjects: ['Maths'],
      level: 'primary',
      goals: 'Catch-up on fractions and times tables before SATs.',
      deliveryMode: 'school',
      availability: { days: ['friday'], times: ['afternoon'], startDate: day(now, 5), frequency: 'weekly', lessonMinutes: 45 },
      privacyConsent: true,
      marketingConsent: false,
    }),
  },
  {
    type: 'course',
    status: 'new',
    hoursAgo: 5,
    answers: (now) => ({
      courseId: 'gcse-maths-revision',
      startDate: day(now, 14),
      deliveryMode: 'online',
      contact: { name: 'Grace Bello', relationship: 'guardian', email: 'grace.bello@example.org', phone: '07700 900404', preferredContact: 'email' },
      student: { name: 'Tobi Bello', age: 15, yearGroup: 'year_11' },
      heardAbout: 'search_engine',
      privacyConsent: true,
      marketingConsent: true,
    }),
  },
  {
    type: 'course',
    status: 'accepted',
    hoursAgo: 24 * 4,
    answers: () => ({
      courseId: 'english-for-adults',
      cohort: 'Spring half term',
      deliveryMode: 'community',
      contact: { name: 'Ahmed Hassan', relationship: 'self', email: 'ahmed.hassan@example.net', phone: '07700 900505', preferredContact: 'phone' },
      student: { name: 'Ahmed Hassan', age: 29 },
      emergencyContact: { name: 'Layla Hassan', relationship: 'Wife', phone: '07700 900506' },
      privacyConsent: true,
      marketingConsent: false,
    }),
  },
  {
    type: 'course',
    status: 'rejected',
    hoursAgo: 24 * 12,
    reason: 'The Saturday community cohort is full; offered the online option instead.',
    answers: () => ({
      courseId: 'coding-for-beginners',
      cohort: 'Saturday club',
      deliveryMode: 'community',
      contact: { name: 'Ruth Evans', relationship: 'parent', email: 'ruth.evans@example.com', phone: '029 2018 0707', preferredContact: 'email' },
      student: { name: 'Osian Evans', yearGroup: 'year_8' },
      emergencyContact: { name: 'Gareth Evans', relationship: 'Father', phone: '07700 900708' },
      privacyConsent: true,
      marketingConsent: false,
    }),
  },
  {
    type: 'school',
    status: 'in_review',
    hoursAgo: 50,
    note: 'Call booked with the deputy head for Thursday.',
    answers: (now) => ({
      school: { name: 'Riverside Primary School', type: 'primary', address: { line1: '1 School Lane', town: 'Bristol', postcode: 'BS1 4DJ' } },
      mainContact: { name: 'Helen Carter', role: 'Deputy head', email: 'h.carter@riverside.example', phone: '0117 496 0123' },
      safeguardingLead: { name: 'Tom Reid', email: 't.reid@riverside.example', phone: '0117 496 0124' },
      subjects: ['Reading', 'Maths'],
      yearGroups: ['year_5', 'year_6'],
      pupilCount: 40,
      delivery: ['school_day', 'after_school'],
      preferredDays: ['monday', 'wednesday'],
      startTerm: 'autumn',
      startYear: now.getUTCFullYear() + 1,
      notes: 'Mostly catch-up support ahead of Year 6 SATs; we have a spare classroom on Mondays.',
      heardAbout: 'leaflet_or_poster',
      privacyConsent: true,
      marketingConsent: false,
    }),
  },
  {
    type: 'school',
    status: 'accepted',
    hoursAgo: 24 * 20,
    answers: (now) => ({
      school: { name: 'Hillcrest Academy', type: 'secondary', address: { line1: 'Hillcrest Road', line2: 'Moss Side', town: 'Manchester', postcode: 'M14 4PX' } },
      mainContact: { name: 'Samuel Adeyemi', role: 'Head of KS4', email: 's.adeyemi@hillcrest.example', phone: '0161 496 0900' },
      safeguardingLead: { name: 'Nadia Khan', email: 'n.khan@hillcrest.example' },
      subjects: ['Maths', 'English', 'Science'],
      yearGroups: ['year_10', 'year_11'],
      pupilCount: 120,
      delivery: ['after_school', 'online'],
      preferredDays: ['tuesday', 'thursday'],
      startTerm: 'autumn',
      startYear: now.getUTCFullYear() + 1,
      privacyConsent: true,
      marketingConsent: true,
    }),
  },
  {
    type: 'tutor',
    status: 'new',
    hoursAgo: 1,
    answers: () => ({
      personal: { name: 'Grace Lin', email: 'grace.lin@example.org', phone: '07700 900111', postcode: 'M1 1AE' },
      teaching: {
        subjects: ['Maths', 'Computing'],
        levels: ['gcse', 'a_level'],
        highestQualification: 'postgraduate',
        qualifiedTeacher: true,
        qualifications: 'MSc Mathematics (Manchester); PGCE Secondary Mathematics.',
        experienceYears: 6,
        experience: 'Six years teaching maths in a comprehensive school, two as second in department, and private tutoring at weekends.',
      },
      delivery: { modes: ['online', 'home'], travelArea: 'Central and south Manchester', maxTravelMiles: 8 },
      availability: { days: ['monday', 'saturday'], times: ['evening', 'morning'], hoursPerWeek: 6 },
      backgroundCheck: { hasEnhancedCheck: true, certificateNumber: '001234567890', onUpdateService: true, consentToCheck: true },
      referees: [
        { name: 'Alan Green', relationship: 'Head of maths at my school', email: 'a.green@school.example', phone: '0161 496 0000' },
        { name: 'Ada Brooks', relationship: 'Former line manager', email: 'ada.brooks@example.com', phone: '0161 496 0001' },
      ],
      personalStatement:
        'I love the moment a student realises they can do maths after all. I plan each lesson around what the student finds hard, and keep parents in the loop.',
      heardAbout: 'social_media',
      privacyConsent: true,
      marketingConsent: true,
    }),
  },
  {
    type: 'tutor',
    status: 'in_review',
    hoursAgo: 24 * 2,
    note: 'References requested from both referees.',
    answers: () => ({
      personal: { name: 'Oliver Grant', email: 'oliver.grant@example.net', phone: '07700 900222', postcode: 'LS2 9JT' },
      teaching: {
        subjects: ['Chemistry', 'Biology', 'Science'],
        levels: ['ks3', 'gcse', 'a_level'],
        highestQualification: 'doctorate',
        qualifiedTeacher: false,
        qualifications: 'PhD Organic Chemistry (Leeds).',
        experienceYears: 3,
        experience: 'Demonstrated undergraduate laboratory classes for three years and volunteered with a science outreach charity.',
      },
      delivery: { modes: ['online'] },
      availability: { days: ['tuesday', 'wednesday', 'sunday'], times: ['evening'], hoursPerWeek: 4 },
      backgroundCheck: { hasEnhancedCheck: false, consentToCheck: true },
      referees: [
        { name: 'Prof. Susan Hale', relationship: 'PhD supervisor', email: 's.hale@university.example', phone: '0113 496 0100' },
        { name: 'Ben Carter', relationship: 'Outreach coordinator', email: 'ben@outreach.example', phone: '0113 496 0101' },
      ],
      personalStatement: 'Chemistry made sense to me once someone showed me the why behind the reactions; I want to do that for others.',
      privacyConsent: true,
      marketingConsent: false,
    }),
  },
  {
    type: 'tutor',
    status: 'rejected',
    hoursAgo: 24 * 15,
    reason: 'We need tutors with at least one year of teaching experience for GCSE work.',
    answers: () => ({
      personal: { name: 'Kyle Dawson', email: 'kyle.dawson@example.com', phone: '07700 900333', postcode: 'B1 1AA' },
      teaching: {
        subjects: ['History'],
        levels: ['gcse'],
        highestQualification: 'a_level',
        qualifiedTeacher: false,
        qualifications: 'A levels in History, English and Politics.',
        experienceYears: 0,
        experience: 'Helped my younger brother revise for his history GCSE.',
      },
      delivery: { modes: ['home'], travelArea: 'Birmingham city centre' },
      availability: { days: ['saturday', 'sunday'], times: ['afternoon'], hoursPerWeek: 3 },
      backgroundCheck: { hasEnhancedCheck: false, consentToCheck: true },
      referees: [
        { name: 'Mrs J. Patel', relationship: 'Sixth-form tutor', email: 'j.patel@college.example', phone: '0121 496 0200' },
        { name: 'Mark Dawson', relationship: 'Employer at a café', email: 'mark@cafe.example', phone: '0121 496 0201' },
      ],
      personalStatement: 'I am passionate about history and would like to help students enjoy it as much as I do.',
      privacyConsent: true,
      marketingConsent: false,
    }),
  },
]

/**
 * The demo inbox, written inside the seed transaction after the demo accounts and content: each registration
 * with its history by the demo admin, and for accepted ones the student or school (or, for the accepted tutor,
 * nothing new: the demo tutor account already exists).
 */
export async function seedDemoRegistrations(tx: Db, staff: { adminId: string }, now = new Date()): Promise<void> {
  for (const demo of DEMO_REGISTRATIONS) {
    const spec = FORMS[demo.type]
    const answers = demo.answers(now)
    const described = await spec.describe(tx, answers as never)
    const createdAt = new Date(now.getTime() - demo.hoursAgo * HOUR_MS)
    const key = duplicateKey(demo.type, described)
    const { id } = await storeRegistration(tx, { spec, answers, described, key, ip: '127.0.0.1', userAgent: 'demo seed', createdAt })
    let at = new Date(createdAt.getTime() + HOUR_MS)
    const step = () => (at = new Date(at.getTime() + HOUR_MS))
    const event = { registrationId: id, actorUserId: staff.adminId }
    if (demo.status === 'new') continue
    await tx.insert(registrationEvents).values({ ...event, kind: 'status', fromStatus: 'new', toStatus: 'in_review', at })
    if (demo.note) await tx.insert(registrationEvents).values({ ...event, kind: 'note', note: demo.note, at: step() })
    let links = {}
    if (demo.status === 'accepted') {
      const [row] = await tx.select().from(registrations).where(eq(registrations.id, id))
      if (!row) throw new Error('The demo registration vanished.')
      if (demo.type === 'school') links = await createSchool(tx, row, { actorId: staff.adminId, request: { ip: null } })
      else if (demo.type !== 'tutor') links = await createStudent(tx, row, { actorId: staff.adminId, request: { ip: null } })
      await tx.insert(registrationEvents).values({ ...event, kind: 'accepted', fromStatus: 'in_review', toStatus: 'accepted', notified: true, at: step() })
    } else if (demo.status !== 'in_review') {
      await tx.insert(registrationEvents).values({ ...event, kind: 'status', fromStatus: 'in_review', toStatus: demo.status, reason: demo.reason ?? null, notified: false, at: step() })
    }
    await tx.update(registrations).set({ ...links, status: demo.status, updatedAt: at }).where(eq(registrations.id, id))
  }
}
