import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { stringify } from 'csv-stringify/sync'
import { CSV_OPTIONS } from '../../shared/csv.ts'
import { labelOf } from '../../shared/labels.ts'
import { londonDay, monthsOf, termDays, type SchoolTermName } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, lessonReports, lessons, schools, students, users } from '../db/schema.ts'
import { lessonDays, lessonRows, REPORTED_STATUSES, SOONEST_FIRST, toLessons, type Lesson } from '../lessons/queries.ts'
import { settlePassedLessons } from '../lessons/records.ts'

type Schemas = components['schemas']
type FigureCount = Schemas['FigureCount']

/** The most lessons one period's figures read: far above a year of the programme's teaching. */
const PERIOD_ROW_LIMIT = 50_000
const DELIVERED: readonly string[] = REPORTED_STATUSES

/** The period's lessons that were delivered (report sent) or missed, soonest first. */
async function periodLessons(db: Db, from: string, to: string): Promise<Lesson[]> {
  await settlePassedLessons(db)
  const rows = await lessonRows(db, and(lessonDays(from, to), inArray(lessons.status, [...REPORTED_STATUSES, 'missed'])), SOONEST_FIRST, { limit: PERIOD_ROW_LIMIT, offset: 0 })
  return toLessons(db, rows, 'admin')
}

const delivered = (lesson: Lesson) => DELIVERED.includes(lesson.status)

function tally(lessons: Lesson[], keyOf: (lesson: Lesson) => { key: string; label: string }): FigureCount[] {
  const counts = new Map<string, FigureCount>()
  for (const lesson of lessons) {
    const { key, label } = keyOf(lesson)
    const entry = counts.get(key) ?? { key, label, delivered: 0 }
    entry.delivered += 1
    counts.set(key, entry)
  }
  return [...counts.values()].sort((a, b) => b.delivered - a.delivered || a.label.localeCompare(b.label))
}

const NO_SCHOOL = { key: 'none', label: 'No school' }
const schoolOf = (lesson: Lesson) => (lesson.school ? { key: lesson.school.id, label: lesson.school.name } : NO_SCHOOL)

function attendanceOf(lessons: Lesson[]) {
  const marks = { present: 0, late: 0, absent: 0 }
  for (const lesson of lessons) for (const learner of lesson.learners) if (learner.attendance) marks[learner.attendance] += 1
  const all = marks.present + marks.late + marks.absent
  return { ...marks, rate: all === 0 ? 0 : (marks.present + marks.late) / all }
}

/** The figures for a period, each group with every value (months and modes with none too). */
export async function lessonFigures(db: Db, from: string, to: string): Promise<Schemas['LessonFigures']> {
  const all = await periodLessons(db, from, to)
  const taught = all.filter(delivered)
  const byMonth = new Map(monthsOf(from, to).map((month) => [month, 0]))
  for (const lesson of taught) byMonth.set(lesson.date.slice(0, 7), (byMonth.get(lesson.date.slice(0, 7)) ?? 0) + 1)
  const onTime = taught.filter((lesson) => lesson.onTime === true).length
  return {
    from,
    to,
    delivered: taught.length,
    byMonth: [...byMonth].map(([month, count]) => ({ key: month, label: monthLabel(month), delivered: count })),
    byMode: (['home', 'school', 'online', 'community'] as const).map((mode) => ({
      key: mode,
      label: labelOf('DeliveryMode', mode, 'staff'),
      delivered: taught.filter((lesson) => lesson.mode === mode).length,
    })),
    byTutor: tally(taught, (lesson) => ({ key: lesson.tutor.id, label: lesson.tutor.name })),
    bySchool: tally(taught, schoolOf),
    attendance: attendanceOf(all),
    reports: { onTime, late: taught.length - onTime },
  }
}

/** "2026-11" → "Nov 2026" */
function monthLabel(month: string): string {
  return new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
}

const lessonColumns = (lesson: Lesson) => ({
  date: lesson.date,
  start: lesson.startTime,
  minutes: lesson.minutes,
  tutor: lesson.tutor.name,
  learners: lesson.learners.map((learner) => learner.name).join('; '),
  school: lesson.school?.name ?? '',
  subject: lesson.subject,
  mode: labelOf('DeliveryMode', lesson.mode, 'staff'),
  status: labelOf('LessonStatus', lesson.status, 'staff'),
})

/**
 * The rows behind one figure as CSV: a lesson per row (a learner per lesson for attendance), the column the figure
 * groups by first. Cells a spreadsheet would run as formulas are escaped.
 */
export async function figureRowsCsv(db: Db, from: string, to: string, figure: Schemas['LessonFigure']): Promise<string> {
  const all = await periodLessons(db, from, to)
  const taught = all.filter(delivered)
  const records =
    figure === 'attendance'
      ? all.flatMap((lesson) =>
          lesson.learners.map((learner) => ({ attendance: learner.attendance ? labelOf('Attendance', learner.attendance) : '', learner: learner.name, ...lessonColumns(lesson) })),
        )
      : taught.map((lesson) => ({ month: lesson.date.slice(0, 7), on_time: lesson.onTime ? 'yes' : 'no', report_sent: lesson.submittedAt ?? '', ...lessonColumns(lesson) }))
  const leading = LEADING_COLUMNS[figure]
  const columns = [...leading, ...LESSON_COLUMNS.filter((column) => !leading.includes(column))]
  return stringify(records, { ...CSV_OPTIONS, header: true, columns })
}

/** Every lesson row's columns, and the ones each figure puts first (the value it groups by). */
const LESSON_COLUMNS = ['date', 'start', 'minutes', 'tutor', 'learners', 'school', 'subject', 'mode', 'status']
const LEADING_COLUMNS: Record<Schemas['LessonFigure'], string[]> = {
  month: ['month'],
  mode: ['mode'],
  tutor: ['tutor'],
  school: ['school'],
  attendance: ['attendance', 'learner'],
  reports: ['on_time', 'report_sent'],
}

/**
 * A school's term: each learner's attendance, and the progress notes of approved reports (for the school's own page,
 * `sharedOnly`: only those sent to families and schools, not one the office holds back). Undefined for no such school.
 */
export async function schoolTermSummary(
  db: Db,
  schoolId: string,
  year: number,
  term: SchoolTermName,
  { sharedOnly = false }: { sharedOnly?: boolean } = {},
): Promise<Schemas['SchoolTermSummary'] | undefined> {
  const [school] = await db.select({ id: schools.id, name: schools.name }).from(schools).where(eq(schools.id, schoolId)).limit(1)
  if (!school) return undefined
  const { from, to } = termDays(year, term)
  await settlePassedLessons(db)
  const rows = await db
    .select({
      lessonId: lessons.id,
      startsAt: lessons.startsAt,
      status: lessons.status,
      subject: lessons.subject,
      tutor: users.name,
      learner: { id: students.id, name: students.name },
      attendance: lessonLearners.attendance,
      progress: lessonReports.progress,
      sharedAt: lessonReports.sharedAt,
    })
    .from(lessonLearners)
    .innerJoin(students, eq(students.id, lessonLearners.studentId))
    .innerJoin(lessons, eq(lessons.id, lessonLearners.lessonId))
    .innerJoin(users, eq(users.id, lessons.tutorId))
    .leftJoin(lessonReports, eq(lessonReports.lessonId, lessons.id))
    .where(and(eq(students.schoolId, schoolId), lessonDays(from, to), inArray(lessons.status, [...REPORTED_STATUSES, 'missed'])))
    .orderBy(asc(sql`lower(${students.name})`), asc(lessons.startsAt))
  const learners = new Map<string, Schemas['SchoolTermSummary']['learners'][number]>()
  const excerpts: Schemas['SchoolTermSummary']['excerpts'] = []
  for (const row of rows) {
    const entry = learners.get(row.learner.id) ?? { learner: row.learner, lessons: 0, present: 0, late: 0, absent: 0, rate: 0 }
    if (DELIVERED.includes(row.status)) entry.lessons += 1
    if (row.attendance) entry[row.attendance] += 1
    const marks = entry.present + entry.late + entry.absent
    entry.rate = marks === 0 ? 0 : (entry.present + entry.late) / marks
    learners.set(row.learner.id, entry)
    if (row.status === 'approved' && row.progress && (!sharedOnly || row.sharedAt !== null)) {
      excerpts.push({ lessonId: row.lessonId, date: londonDay(row.startsAt), learner: row.learner, subject: row.subject, tutor: row.tutor, progress: row.progress })
    }
  }
  return { school, year, term, from, to, learners: [...learners.values()], excerpts }
}
