import { and, asc, eq, sql } from 'drizzle-orm'
import { LIMITS } from '../../shared/contract.gen.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { placements, schools, students } from '../db/schema.ts'

type Schemas = components['schemas']

export const MY_LEARNER_MESSAGES = { notFound: 'We could not find that learner.' } as const

/** A lesson's place is at most this long: the suggested one is cut to it. */
const PLACE_MAX = LIMITS.LessonPlace.maxLength

/** The learners placed with this tutor now, by name. */
export async function listLearnersOf(db: Db, tutorId: string): Promise<Schemas['MyLearnerList']> {
  const rows = await db
    .select({ placement: placements, student: { id: students.id, name: students.name, yearGroup: students.yearGroup } })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .where(and(eq(placements.tutorId, tutorId), eq(placements.status, 'active')))
    .orderBy(asc(sql`lower(${students.name})`), asc(placements.subject))
  return {
    items: rows.map(({ placement, student }) => ({
      placementId: placement.id,
      studentId: student.id,
      name: student.name,
      ...(student.yearGroup === null ? {} : { yearGroup: student.yearGroup as Schemas['SchoolYear'] }),
      subject: placement.subject,
      mode: placement.mode,
      startsOn: placement.startsOn,
      frequency: placement.frequency,
    })),
  }
}

/**
 * One learner as their tutor sees them, or undefined when the learner is not placed with this tutor now (which the
 * caller answers as not found, the same as a learner who does not exist). The address only for lessons at home.
 */
export async function readLearnerOf(db: Db, tutorId: string, studentId: string): Promise<Schemas['MyLearner'] | undefined> {
  const rows = await db
    .select({ placement: placements, student: students, school: { name: schools.name, line1: schools.addressLine1, line2: schools.addressLine2, town: schools.town, postcode: schools.postcode } })
    .from(placements)
    .innerJoin(students, eq(students.id, placements.studentId))
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .where(and(eq(placements.tutorId, tutorId), eq(placements.studentId, studentId), eq(placements.status, 'active')))
    .orderBy(asc(placements.subject))
  const first = rows[0]
  if (!first) return undefined
  const { student } = first
  const atHome = rows.some((row) => row.placement.mode === 'home')
  const school = first.school?.name ?? student.school
  const homeAddress = [student.addressLine1, student.addressLine2, student.town, student.postcode].filter(Boolean).join(', ')
  const schoolPlace = first.school ? [first.school.name, first.school.line1, first.school.line2, first.school.town, first.school.postcode].filter(Boolean).join(', ') : (student.school ?? '')
  const placeOf = (mode: Schemas['DeliveryMode']) => (mode === 'home' ? homeAddress : mode === 'school' ? schoolPlace : mode === 'online' ? 'Online' : '').slice(0, PLACE_MAX)
  return {
    id: student.id,
    name: student.name,
    ...(student.age === null ? {} : { age: student.age }),
    ...(student.yearGroup === null ? {} : { yearGroup: student.yearGroup as Schemas['SchoolYear'] }),
    ...(school === null ? {} : { school }),
    ...(student.level === null ? {} : { level: student.level as Schemas['StudyLevel'] }),
    ...(student.goals === null ? {} : { goals: student.goals }),
    ...(student.needs === null ? {} : { needs: student.needs }),
    ...(student.notesForTutors === null ? {} : { notesForTutors: student.notesForTutors }),
    contact: {
      name: student.contactName,
      ...(student.contactRelationship === null ? {} : { relationship: student.contactRelationship as Schemas['ContactRelationship'] }),
      email: student.contactEmail,
      phone: student.contactPhone,
      ...(student.preferredContact === null ? {} : { preferredContact: student.preferredContact as Schemas['PreferredContact'] }),
    },
    ...(atHome && student.addressLine1 !== null && student.town !== null && student.postcode !== null
      ? { address: { line1: student.addressLine1, ...(student.addressLine2 === null ? {} : { line2: student.addressLine2 }), town: student.town, postcode: student.postcode } }
      : {}),
    placements: rows.map(({ placement }) => ({
      id: placement.id,
      subject: placement.subject,
      mode: placement.mode,
      startsOn: placement.startsOn,
      frequency: placement.frequency,
      ...(placement.lessonCount === null ? {} : { lessonCount: placement.lessonCount }),
      ...(placement.lessonMinutes === null ? {} : { lessonMinutes: placement.lessonMinutes as Schemas['LessonMinutes'] }),
      ...(placement.startTime === null ? {} : { startTime: placement.startTime }),
      ...(placeOf(placement.mode) === '' ? {} : { place: placeOf(placement.mode) }),
      ...(placement.notes === null ? {} : { notes: placement.notes }),
    })),
  }
}
