import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm'
import { endOfLondonDay, londonDay, londonTime, shiftDay, startOfLondonDay } from '../../shared/lesson-time.ts'
import type { Db } from '../db/client.ts'
import { lessonLearners, lessons, students, users, type LessonRow } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { issueFamilyLinks } from '../family/links.ts'
import { readersOfLesson, type Reader } from '../family/readers.ts'
import type { Schedule } from '../lib/jobs.ts'
import type { Logger } from '../logger.ts'
import { lessonChangedContactMail, lessonReminderContactMail, lessonReminderTutorMail, type RemindedLesson } from '../mail/templates.ts'

/** The mail queue and the site's address (for the links); LessonDeps has them too. */
type MailDeps = { mailer: Pick<AppDeps['mailer'], 'enqueue'>; config: Pick<AppDeps['config'], 'publicUrl'> }

/** A lesson's tutor and learners as a reminder names them, and the contacts to tell who have not stopped reminders. */
async function whoIsInIt(tx: Db, lesson: LessonRow): Promise<{ told: RemindedLesson; tutor: { name: string; email: string }; contacts: Reader[] }> {
  // One after another: they share the transaction's one connection.
  const [tutor] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, lesson.tutorId)).limit(1)
  if (!tutor) throw new Error('A lesson without its tutor.')
  const learners = await tx
    .select({ name: students.name })
    .from(lessonLearners)
    .innerJoin(students, eq(students.id, lessonLearners.studentId))
    .where(and(eq(lessonLearners.lessonId, lesson.id), isNull(students.anonymisedAt)))
    .orderBy(asc(students.name))
  const contacts = await readersOfLesson(tx, lesson.id, { schoolContacts: false, without: 'reminders' })
  return {
    tutor,
    told: {
      subject: lesson.subject,
      day: londonDay(lesson.startsAt),
      time: londonTime(lesson.startsAt),
      minutes: lesson.minutes,
      mode: lesson.mode,
      place: lesson.place,
      tutor: tutor.name,
      learners: learners.map((learner) => learner.name),
    },
    contacts,
  }
}

const namesOf = (contact: Reader) => contact.learners.map((learner) => learner.name)

/**
 * Reminds the tutor and the learners' contacts (those who have not stopped reminders) of each lesson of tomorrow,
 * London time, once the day's reminder time has come: each lesson in its own transaction, taken with its row locked
 * and only while still planned and not yet reminded, so two processes never remind one lesson twice and a lesson
 * cancelled meanwhile is never reminded. Answers how many lessons were reminded.
 */
export async function sendDueReminders(db: Db, deps: MailDeps & { config: Pick<AppDeps['config'], 'reminders'> }, now = new Date()): Promise<number> {
  const { time } = deps.config.reminders
  if (time === null || londonTime(now) < time) return 0
  const tomorrow = shiftDay(londonDay(now), 1)
  const tomorrows = and(eq(lessons.status, 'planned'), isNull(lessons.remindedAt), gte(lessons.startsAt, startOfLondonDay(tomorrow)), lt(lessons.startsAt, endOfLondonDay(tomorrow)))
  const due = await db.select({ id: lessons.id }).from(lessons).where(tomorrows).orderBy(asc(lessons.startsAt))
  let reminded = 0
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [lesson] = await tx.select().from(lessons).where(and(eq(lessons.id, id), tomorrows)).for('update', { skipLocked: true }).limit(1)
      if (!lesson) return false
      await tx.update(lessons).set({ remindedAt: now }).where(eq(lessons.id, lesson.id))
      const { told, tutor, contacts } = await whoIsInIt(tx, lesson)
      await deps.mailer.enqueue(tx, lessonReminderTutorMail(tutor, told, `${deps.config.publicUrl}/tutor/reports/${lesson.id}`))
      for (const contact of contacts) {
        const links = await issueFamilyLinks(tx, deps.config.publicUrl, contact.email, 'reminders')
        await deps.mailer.enqueue(tx, lessonReminderContactMail(contact, { ...told, learners: namesOf(contact) }, links))
      }
      return true
    })
    if (done) reminded += 1
  }
  return reminded
}

/**
 * Tells the learners' contacts at once, in the caller's transaction, that a lesson moved (from when) or was cancelled
 * (by whom); contacts who stopped reminders are not told. A moved lesson is reminded again the day before its new day.
 */
export async function tellContactsOfChange(tx: Db, deps: MailDeps, lesson: LessonRow, change: { movedFrom?: Date; cancelledBy?: string }): Promise<void> {
  const { told, contacts } = await whoIsInIt(tx, lesson)
  const movedFrom = change.movedFrom === undefined ? undefined : { day: londonDay(change.movedFrom), time: londonTime(change.movedFrom) }
  for (const contact of contacts) {
    const links = await issueFamilyLinks(tx, deps.config.publicUrl, contact.email, 'reminders')
    await deps.mailer.enqueue(tx, lessonChangedContactMail(contact, { lesson: { ...told, learners: namesOf(contact) }, movedFrom, cancelledBy: change.cancelledBy }, links))
  }
}

export const REMINDER_SCHEDULE_KEY = 'lesson-reminders'

/**
 * Looks for lessons to remind every LESSON_REMINDERS_EVERY_MS, one process of all at a time (the jobs table); none
 * with LESSON_REMINDER_TIME=off.
 */
export function reminderSchedule(db: Db, deps: Pick<AppDeps, 'mailer' | 'config'>, logger: Logger): Schedule | undefined {
  if (deps.config.reminders.time === null) return undefined
  return {
    key: REMINDER_SCHEDULE_KEY,
    everyMs: deps.config.reminders.everyMs,
    run: async (now) => {
      const reminded = await sendDueReminders(db, deps, now)
      if (reminded === 0) return
      logger.info({ lessons: reminded }, 'sent lesson reminders')
      deps.mailer.kick()
    },
  }
}
