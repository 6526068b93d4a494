import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, placements, schools, students } from '../db/schema.ts'
import { stoppedAmong } from './links.ts'

/** Who is told about a lesson: a learner's contact, or a school contact marked to receive reports. */
export interface Reader {
  name: string
  email: string
  /** The lesson's learners this reader is told about (siblings in one group share one mail), with their attendance. */
  learners: { name: string; attendance: components['schemas']['Attendance'] | null }[]
}

/**
 * The people told about this lesson, one per address, each with only their own learners: each learner's contact,
 * and with `schoolContacts`, for a learner taught at school, the school's contacts marked to receive reports. An
 * anonymised learner stands for nobody, so nobody is told about them. `without` leaves out the addresses that
 * stopped that kind of mail.
 */
export async function readersOfLesson(tx: Db, lessonId: string, options: { schoolContacts: boolean; without?: 'reports' | 'reminders' }): Promise<Reader[]> {
  const rows = await tx
    .select({
      name: students.name,
      contactName: students.contactName,
      contactEmail: students.contactEmail,
      schoolId: students.schoolId,
      mode: placements.mode,
      attendance: lessonLearners.attendance,
    })
    .from(lessonLearners)
    .innerJoin(students, eq(students.id, lessonLearners.studentId))
    .innerJoin(placements, eq(placements.id, lessonLearners.placementId))
    .where(and(eq(lessonLearners.lessonId, lessonId), isNull(students.anonymisedAt)))
    .orderBy(asc(students.name))
  const schoolIds = options.schoolContacts ? [...new Set(rows.flatMap((row) => (row.mode === 'school' && row.schoolId !== null ? [row.schoolId] : [])))] : []
  const schoolRows = schoolIds.length === 0 ? [] : await tx.select({ id: schools.id, contacts: schools.contacts }).from(schools).where(inArray(schools.id, schoolIds))
  const readers = new Map<string, Reader>()
  const add = (name: string, email: string, learner: Reader['learners'][number]) => {
    const key = email.toLowerCase()
    const reader = readers.get(key) ?? { name, email, learners: [] }
    if (!reader.learners.some((known) => known.name === learner.name)) reader.learners.push(learner)
    readers.set(key, reader)
  }
  for (const row of rows) {
    const learner = { name: row.name, attendance: row.attendance }
    if (row.contactEmail) add(row.contactName, row.contactEmail, learner)
    if (row.mode !== 'school') continue
    const school = schoolRows.find((candidate) => candidate.id === row.schoolId)
    for (const contact of school?.contacts ?? []) if (contact.receivesReports && contact.email) add(contact.name, contact.email, learner)
  }
  const everyone = [...readers.values()]
  if (options.without === undefined) return everyone
  const stopped = await stoppedAmong(tx, [...readers.keys()], options.without)
  return everyone.filter((reader) => !stopped.has(reader.email.toLowerCase()))
}
