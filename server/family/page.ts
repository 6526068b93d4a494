import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { londonDay, londonTime, type SchoolTermName } from '../../shared/lesson-time.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, lessonReports, lessons, placements, schools, students, users } from '../db/schema.ts'
import { schoolTermSummary } from '../lesson-figures/queries.ts'
import { familyMailOf } from './links.ts'

type Schemas = components['schemas']

/** How many reports and coming lessons the page shows for each learner. */
const REPORTS_SHOWN = 20
const COMING_SHOWN = 10

/** The school term a London day falls in, as the term summary counts terms. */
function termOf(day: string): { year: number; term: SchoolTermName } {
  const [year = 0, month = 1] = day.split('-').map(Number)
  return { year, term: month >= 9 ? 'autumn' : month >= 4 ? 'summer' : 'spring' }
}

/** The schools where this address is a contact marked to receive reports, with the contact's name there. */
async function schoolsReading(db: Db, email: string): Promise<{ id: string; name: string; contactName: string }[]> {
  const rows = await db
    .select({ id: schools.id, name: schools.name, contacts: schools.contacts })
    .from(schools)
    .where(sql`exists (select 1 from jsonb_array_elements(${schools.contacts}) as c where lower(c->>'email') = ${email} and (c->>'receivesReports')::boolean)`)
    .orderBy(asc(schools.name))
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    contactName: row.contacts.find((contact) => contact.email.toLowerCase() === email && contact.receivesReports)?.name ?? '',
  }))
}

interface Reading {
  id: string
  name: string
  school?: string
  /** Only what was taught at school: what a school contact reads of the school's learners. */
  atSchoolOnly: boolean
}

/** The family part of the learner's approved and shared reports, newest first, with their own attendance. */
async function reportsOf(db: Db, learner: Reading): Promise<Schemas['FamilyReport'][]> {
  const rows = await db
    .select({ lesson: lessons, report: lessonReports, tutor: users.name, attendance: lessonLearners.attendance })
    .from(lessonLearners)
    .innerJoin(lessons, eq(lessons.id, lessonLearners.lessonId))
    .innerJoin(lessonReports, eq(lessonReports.lessonId, lessons.id))
    .innerJoin(users, eq(users.id, lessons.tutorId))
    .innerJoin(placements, eq(placements.id, lessonLearners.placementId))
    .where(and(eq(lessonLearners.studentId, learner.id), eq(lessons.status, 'approved'), isNotNull(lessonReports.sharedAt), atSchool(learner)))
    .orderBy(desc(lessons.startsAt))
    .limit(REPORTS_SHOWN)
  return rows.flatMap(({ lesson, report, tutor, attendance }) =>
    report.covered === null || report.progress === null
      ? []
      : [
          {
            lessonId: lesson.id,
            date: londonDay(lesson.startsAt),
            subject: lesson.subject,
            tutor,
            ...(attendance === null ? {} : { attendance }),
            covered: report.covered,
            progress: report.progress,
            ...(report.homework === null ? {} : { homework: report.homework }),
          },
        ],
  )
}

const atSchool = (learner: Reading): SQL | undefined => (learner.atSchoolOnly ? eq(placements.mode, 'school') : undefined)

/** The learner's lessons still to come, soonest first. */
async function comingOf(db: Db, learner: Reading, now: Date): Promise<Schemas['FamilyLesson'][]> {
  const rows = await db
    .select({ lesson: lessons, tutor: users.name })
    .from(lessonLearners)
    .innerJoin(lessons, eq(lessons.id, lessonLearners.lessonId))
    .innerJoin(users, eq(users.id, lessons.tutorId))
    .innerJoin(placements, eq(placements.id, lessonLearners.placementId))
    .where(and(eq(lessonLearners.studentId, learner.id), eq(lessons.status, 'planned'), gt(lessons.startsAt, now), atSchool(learner)))
    .orderBy(asc(lessons.startsAt))
    .limit(COMING_SHOWN)
  return rows.map(({ lesson, tutor }) => ({
    date: londonDay(lesson.startsAt),
    startTime: londonTime(lesson.startsAt),
    minutes: lesson.minutes,
    subject: lesson.subject,
    tutor,
    mode: lesson.mode,
    ...(lesson.place === null ? {} : { place: lesson.place }),
  }))
}

/**
 * The family page of an address: the learners it is the contact of, and for a school contact who receives reports
 * the school's learners taught there (what was taught at school only) and the school's term summary. Each learner's
 * approved and shared reports (the family part), coming lessons and attendance. An anonymised learner stands for
 * nobody and is left out.
 */
export async function readFamilyPage(db: Db, email: string, expiresAt: Date, now = new Date()): Promise<Schemas['FamilyPage']> {
  const address = email.toLowerCase()
  const [own, reading] = await Promise.all([
    db
      .select({ id: students.id, name: students.name, contactName: students.contactName })
      .from(students)
      .where(and(sql`lower(${students.contactEmail}) = ${address}`, isNull(students.anonymisedAt)))
      .orderBy(asc(students.name)),
    schoolsReading(db, address),
  ])
  const taughtThere =
    reading.length === 0
      ? []
      : await db
          .selectDistinct({ id: students.id, name: students.name, schoolId: students.schoolId })
          .from(students)
          .innerJoin(placements, and(eq(placements.studentId, students.id), eq(placements.mode, 'school')))
          .where(and(inArray(students.schoolId, reading.map((school) => school.id)), isNull(students.anonymisedAt)))
          .orderBy(asc(students.name))
  const learners: Reading[] = own.map((learner) => ({ id: learner.id, name: learner.name, atSchoolOnly: false }))
  for (const learner of taughtThere) {
    if (learners.some((known) => known.id === learner.id)) continue
    learners.push({ id: learner.id, name: learner.name, school: reading.find((school) => school.id === learner.schoolId)?.name, atSchoolOnly: true })
  }
  const { year, term } = termOf(londonDay(now))
  const [pages, summaries, mail] = await Promise.all([
    Promise.all(
      learners.map(async (learner): Promise<Schemas['FamilyLearner']> => {
        const [reports, coming] = await Promise.all([reportsOf(db, learner), comingOf(db, learner, now)])
        const attendance = { present: 0, late: 0, absent: 0 }
        for (const report of reports) if (report.attendance) attendance[report.attendance] += 1
        return { id: learner.id, name: learner.name, ...(learner.school === undefined ? {} : { school: learner.school }), reports, coming, attendance }
      }),
    ),
    Promise.all(reading.map((school) => schoolTermSummary(db, school.id, year, term, { sharedOnly: true }))),
    familyMailOf(db, address),
  ])
  return {
    name: own[0]?.contactName ?? reading[0]?.contactName ?? '',
    learners: pages,
    schools: summaries.filter((summary) => summary !== undefined),
    mail,
    expiresAt: expiresAt.toISOString(),
  }
}

/**
 * The name an address goes by when it is a learner's contact, or a school contact who receives reports; undefined
 * for anyone else (who may not have a link).
 */
export async function contactNameOf(db: Db, email: string): Promise<string | undefined> {
  const address = email.toLowerCase()
  const [learner] = await db
    .select({ contactName: students.contactName })
    .from(students)
    .where(and(sql`lower(${students.contactEmail}) = ${address}`, isNull(students.anonymisedAt)))
    .limit(1)
  return learner?.contactName ?? (await schoolsReading(db, address))[0]?.contactName
}
