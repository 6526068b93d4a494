import { eq } from 'drizzle-orm'
import { isoDay } from '../../shared/dates.ts'
import { hashPassword } from '../auth/passwords.ts'
import { newToken } from '../auth/tokens.ts'
import { storeContactMessage, changeContactMessageStatusRecord, messageFingerprint } from '../contact-messages/records.ts'
import type { Db } from '../db/client.ts'
import { contactMessages, tutorProfiles, users } from '../db/schema.ts'
import type { ChangeContext } from '../lib/history.ts'
import { createPlacementRecord, endPlacementRecord, movePlacementRecord, type PlacementDeps, type PlacementOutcome } from '../placements/records.ts'
import type { StudentInput } from '../students/queries.ts'
import { insertStudent, updateStudentRecord } from '../students/records.ts'
import type { TutorProfileInput } from '../tutors/queries.ts'
import { changeTutorStatusRecord, insertTutorProfile, recordCheck, updateTutorProfile } from '../tutors/records.ts'

const DAY_MS = 24 * 3600 * 1000

interface DemoTutor {
  name: string
  email: string
  status: 'invited' | 'active' | 'paused' | 'left'
  reason?: string
  profile: Omit<TutorProfileInput, 'name'>
  /** Days from today to the renewal date of their check; null for one without a date; absent for no check. */
  checkRenewsIn?: number | null
}

/** Tutors in every status and every state of check, so each filter and the suggestions have something to show. */
export const DEMO_TUTORS: readonly DemoTutor[] = [
  {
    name: 'Efua Mensah',
    email: 'efua.mensah@example.org',
    status: 'active',
    checkRenewsIn: 40,
    profile: {
      phone: '07700 900611',
      postcode: 'LS12 3AB',
      subjects: ['English', 'Reading'],
      levels: ['primary', 'ks3'],
      modes: ['online', 'school', 'community'],
      travelArea: 'Leeds city centre, Armley',
      availability: { days: ['monday', 'wednesday'], times: ['after_school'] },
      hoursPerWeek: 10,
      highestQualification: 'degree',
      qualifiedTeacher: true,
      qualifications: 'BA English; PGCE Primary.',
      experienceYears: 8,
    },
  },
  {
    name: 'Owen Price',
    email: 'owen.price@example.org',
    status: 'invited',
    checkRenewsIn: 700,
    profile: {
      subjects: ['Chemistry', 'Biology'],
      levels: ['gcse', 'a_level'],
      modes: ['online'],
      availability: { days: ['tuesday', 'saturday'], times: ['evening', 'morning'] },
      highestQualification: 'postgraduate',
      qualifications: 'MChem.',
    },
  },
  {
    name: 'Leila Haddad',
    email: 'leila.haddad@example.org',
    status: 'paused',
    reason: 'On leave until January.',
    checkRenewsIn: null,
    profile: {
      postcode: 'LS8 1AA',
      subjects: ['Maths'],
      levels: ['primary', 'ks3'],
      modes: ['home'],
      travelArea: 'Roundhay, Chapel Allerton',
      availability: { days: ['monday', 'thursday'], times: ['after_school'] },
    },
  },
  {
    name: 'Sam Whitaker',
    email: 'sam.whitaker@example.org',
    status: 'left',
    reason: 'Moved to teach abroad.',
    checkRenewsIn: -30,
    profile: { subjects: ['History'], levels: ['gcse'], modes: ['online'] },
  },
  {
    name: 'Hannah Nair',
    email: 'hannah.nair@example.org',
    status: 'active',
    checkRenewsIn: 300,
    profile: {
      postcode: 'LS6 4AB',
      subjects: ['Maths', 'English'],
      levels: ['gcse'],
      modes: ['home', 'online'],
      travelArea: 'Headingley, Hyde Park',
      availability: { days: ['tuesday', 'thursday'], times: ['evening'] },
    },
  },
  {
    name: 'Ben Ashworth',
    email: 'ben.ashworth@example.org',
    status: 'active',
    profile: { subjects: ['Maths', 'Computing'], levels: ['ks3', 'gcse'], modes: ['online'], availability: { days: ['saturday'], times: ['morning'] } },
  },
]

/** Tom Tutor, the demo tutor who can sign in, teaches maths and physics in Headingley with a current check. */
const TOM_PROFILE: TutorProfileInput = {
  name: 'Tom Tutor',
  phone: '07700 900600',
  postcode: 'LS6 3AA',
  subjects: ['Maths', 'Physics'],
  levels: ['gcse', 'a_level'],
  modes: ['online', 'home'],
  travelArea: 'Headingley, Kirkstall',
  maxTravelMiles: 4,
  availability: { days: ['tuesday', 'thursday'], times: ['after_school', 'evening'] },
  hoursPerWeek: 8,
  highestQualification: 'degree',
  qualifications: 'BSc Physics.',
  experienceYears: 5,
}

/** A demo parent whose page of reports the start-up banner points to (Jacob Fielding's father). */
export const DEMO_FAMILY_CONTACT = 'mark.fielding@example.org'

const contact = (name: string, email: string): StudentInput['contact'] => ({ name, relationship: 'parent', email, phone: '07700 900700', preferredContact: 'email' })

const DEMO_STUDENTS: readonly StudentInput[] = [
  {
    name: 'Ellie Robinson',
    yearGroup: 'year_6',
    contact: contact('Kate Robinson', 'kate.robinson@example.org'),
    subjects: ['Reading'],
    level: 'primary',
    deliveryMode: 'online',
    availability: { days: ['monday'], times: ['after_school'] },
    goals: 'Read for pleasure before secondary school.',
    status: 'waiting',
  },
  {
    name: 'Jacob Fielding',
    yearGroup: 'year_11',
    contact: contact('Mark Fielding', DEMO_FAMILY_CONTACT),
    address: { line1: '22 Ash Road', town: 'Headingley', postcode: 'LS6 3HB' },
    subjects: ['Maths', 'Physics'],
    level: 'gcse',
    deliveryMode: 'home',
    availability: { days: ['tuesday'], times: ['after_school'] },
    goals: 'A grade 6 in maths and physics.',
    needs: 'Works best with short breaks.',
    notesForTutors: 'Keen on football; examples from sport help.',
    status: 'waiting',
  },
  {
    name: 'Amira Yusuf',
    yearGroup: 'year_8',
    contact: contact('Hodan Yusuf', 'hodan.yusuf@example.org'),
    subjects: ['English'],
    level: 'ks3',
    deliveryMode: 'online',
    availability: { days: ['wednesday'], times: ['after_school'] },
    status: 'waiting',
  },
  {
    name: 'Noah Clarke',
    yearGroup: 'year_13',
    contact: contact('Noah Clarke', 'noah.clarke@example.org'),
    subjects: ['Chemistry'],
    level: 'a_level',
    deliveryMode: 'online',
    status: 'waiting',
  },
]

const DEMO_MESSAGES = [
  { name: 'Rosa Delgado', email: 'rosa.delgado@example.org', subject: 'Do you teach Spanish?', message: 'Hello, my son would like help with GCSE Spanish. Do you have a tutor for it?', handled: false },
  { name: 'Peter Lowe', email: 'peter.lowe@example.org', subject: 'Volunteering', message: 'I am a retired maths teacher and would like to volunteer. How do I start?', handled: true },
] as const

function placed(outcome: PlacementOutcome): string {
  if (typeof outcome !== 'object' || !('placementId' in outcome)) throw new Error(`A demo placement was refused: ${JSON.stringify(outcome)}`)
  return outcome.placementId
}

/**
 * People for the back office's first start: tutors in every status with checks current, ending soon, ended and
 * missing; learners waiting and placed (one placement moved, one ended); two contact messages. All made through the
 * same functions the API uses, so their histories read as if the office had done it. Placement mails are not sent.
 */
export async function seedDemoPeople(tx: Db, staff: { adminId: string; tutorId: string }, now = new Date()): Promise<void> {
  const context: ChangeContext = { actorId: staff.adminId, request: { ip: null }, note: 'the demo data' }
  const day = (offset: number) => isoDay(new Date(now.getTime() + offset * DAY_MS), 'utc')
  const check = (tutorId: string, renewsIn: number | null, reference: string) =>
    recordCheck(tx, tutorId, { type: 'enhanced_barred', reference, issuedOn: day(-400), ...(renewsIn === null ? {} : { expiresOn: day(renewsIn) }), onUpdateService: true }, { ...context, actorId: staff.adminId })

  await updateTutorProfile(tx, staff.tutorId, 1, TOM_PROFILE, context)
  await check(staff.tutorId, 700, '001234500001')

  const tutorIds = new Map<string, string>()
  // Nobody knows these passwords; only Tom Tutor signs in with the demo password.
  const passwordHash = await hashPassword(newToken())
  for (const [index, tutor] of DEMO_TUTORS.entries()) {
    const [user] = await tx.insert(users).values({ name: tutor.name, email: tutor.email, role: 'TUTOR', passwordHash }).returning({ id: users.id })
    if (!user) throw new Error('The demo tutor insert returned no row.')
    tutorIds.set(tutor.name, user.id)
    await insertTutorProfile(tx, user.id, tutor.profile, context, tutor.status === 'invited' ? 'invited' : 'active')
    if (tutor.checkRenewsIn !== undefined) await check(user.id, tutor.checkRenewsIn, `00123450010${index}`)
    if (tutor.status === 'paused' || tutor.status === 'left') {
      const [profile] = await tx.select({ version: tutorProfiles.version }).from(tutorProfiles).where(eq(tutorProfiles.userId, user.id))
      await changeTutorStatusRecord(tx, user.id, profile?.version ?? 1, { status: tutor.status, reason: tutor.reason }, context)
    }
  }

  const studentIds = new Map<string, string>()
  for (const student of DEMO_STUDENTS) studentIds.set(student.name, await insertStudent(tx, student, context))
  const id = (map: Map<string, string>, name: string) => {
    const found = map.get(name)
    if (!found) throw new Error(`No demo record named ${name}.`)
    return found
  }

  const quiet: PlacementDeps = { mailer: { enqueue: () => Promise.resolve() }, config: { publicUrl: 'http://localhost' } }
  const lessons = { startsOn: day(-42), frequency: 'weekly' as const, lessonMinutes: 60 as const }
  await createPlacementRecord(tx, quiet, { studentId: id(studentIds, 'Jacob Fielding'), tutorId: staff.tutorId, subject: 'Maths', mode: 'home', lessonCount: 20, ...lessons }, context).then(placed)
  const physics = placed(
    await createPlacementRecord(tx, quiet, { studentId: id(studentIds, 'Jacob Fielding'), tutorId: id(tutorIds, 'Hannah Nair'), subject: 'Physics', mode: 'online', ...lessons }, context),
  )
  await movePlacementRecord(tx, quiet, physics, 1, { tutorId: staff.tutorId, reason: 'One tutor for both subjects suits Jacob better.', startsOn: day(-14) }, context).then(placed)
  await createPlacementRecord(tx, quiet, { studentId: id(studentIds, 'Amira Yusuf'), tutorId: id(tutorIds, 'Efua Mensah'), subject: 'English', mode: 'online', ...lessons }, context).then(placed)
  const chemistry = placed(
    await createPlacementRecord(
      tx,
      quiet,
      { studentId: id(studentIds, 'Noah Clarke'), tutorId: id(tutorIds, 'Owen Price'), subject: 'Chemistry', mode: 'online', frequency: 'twice_weekly', startsOn: day(-120), lessonCount: 24 },
      context,
    ),
  )
  await endPlacementRecord(tx, quiet, chemistry, 1, { reason: 'Noah finished the course before his exams.', endedOn: day(-10) }, context).then(placed)
  const noah = DEMO_STUDENTS.find((student) => student.name === 'Noah Clarke')
  // Inserted at version 1, made active (2) by the placement.
  if (noah) await updateStudentRecord(tx, id(studentIds, 'Noah Clarke'), 2, { ...noah, status: 'finished' }, context)

  for (const [index, message] of DEMO_MESSAGES.entries()) {
    const createdAt = new Date(now.getTime() - (index + 1) * 5 * 3600 * 1000)
    const fields = { name: message.name, email: message.email, phone: null, subject: message.subject, message: message.message }
    const reference = await storeContactMessage(tx, { ...fields, fingerprint: messageFingerprint(fields), ip: '127.0.0.1', userAgent: 'demo seed', createdAt })
    if (message.handled) {
      const [row] = await tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.reference, reference))
      if (row) await changeContactMessageStatusRecord(tx, row.id, 1, 'handled', context)
    }
  }
}
