import { and, asc, eq, gt, inArray, isNotNull, isNull, like, lt, notExists, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { sweep as sweepThrottleCounters } from '../auth/rate-limit.ts'
import type { Db } from '../db/client.ts'
import { anonymiseLearner } from '../erasure/anonymise.ts'
import { redactHistory } from '../erasure/scrub.ts'
import { auditEvents, contactMessages, familyLinks, familyMailSettings, mailOutbox, placements, recordOpenings, registrations, retentionRuns, students } from '../db/schema.ts'
import { isNobodysContact } from '../family/links.ts'
import type { Schedule } from '../lib/jobs.ts'
import type { Logger } from '../logger.ts'
import type { RetentionCounts } from './runs.ts'
import { readRetentionPeriods, type RetentionPeriods } from './settings.ts'

const DAY_MS = 24 * 3600_000

export const RETENTION = {
  /** Once a day is what the privacy notice's periods need: nothing is kept more than a day past its time. */
  everyMs: DAY_MS,
  /** The first run of a fresh install, soon after start but not in its way. */
  firstInMs: 15 * 60_000,
  /**
   * Rows per statement: a first run over years of data deletes them in short statements, each committed at once, so
   * no lock is held for long and the office keeps working meanwhile.
   */
  batch: 500,
  /** Runs hold counts only (never who); three years of daily runs show the office that retention was applied. */
  keepRunsMonths: 36,
} as const

/** The same moment `months` calendar months earlier (the 31st becomes the month's last day when it has fewer). */
export function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now)
  const day = at.getUTCDate()
  at.setUTCDate(1)
  at.setUTCMonth(at.getUTCMonth() - months)
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate()
  at.setUTCDate(Math.min(day, lastDay))
  return at
}

export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS)

/** What is past its time under each period, as of `now`. */
export function cutoffsOf(periods: RetentionPeriods, now: Date) {
  return {
    learners: monthsBefore(now, periods.learnerYears * 12),
    applications: monthsBefore(now, periods.applicationMonths),
    messages: monthsBefore(now, periods.messageMonths),
    sentMail: daysBefore(now, periods.sentMailDays),
    signIns: daysBefore(now, periods.signInDays),
    senderDetails: daysBefore(now, periods.senderDetailsDays),
    openings: monthsBefore(now, periods.openingMonths),
    runs: monthsBefore(now, RETENTION.keepRunsMonths),
  }
}

/**
 * Deletes the rows `due` picks, a batch per transaction, until none is left; answers how many went. `alongside` runs
 * in the same transaction with the batch's ids, for what must go with the rows (their history's words).
 */
async function deleteInBatches(db: Db, table: PgTable, id: PgColumn, due: SQL | undefined, alongside?: (tx: Db, ids: string[]) => Promise<unknown>): Promise<number> {
  let total = 0
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      const batch = tx.select({ id }).from(table).where(due).limit(RETENTION.batch)
      const rows = (await tx.delete(table).where(inArray(id, batch)).returning({ id })) as { id: string }[]
      if (alongside && rows.length > 0) await alongside(tx, rows.map((row) => row.id))
      return rows.length
    })
    total += deleted
    if (deleted < RETENTION.batch) return total
  }
}

/**
 * The history of erased records keeps what happened and when, not their words: a contact message's entries quote its
 * subject (the sender's own words, shown in the office's activity), so every entry about the records loses its notes,
 * details and old values, as when the office erases one.
 */
const forgetHistoryOf = (type: 'contact_message' | 'registration') => (tx: Db, ids: string[]) => redactHistory(tx, { refs: ids.map((id) => `${type}:${id}`), replacements: [] })

/** The driver's own words for what went wrong: a failed query's wrapper quotes its parameters, which name people. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  return cause instanceof Error ? cause.message : String(cause)
}

/**
 * A registration that did not lead to a placement: never accepted (new, in review, rejected, withdrawn), or an
 * accepted enrolment whose learner never had a placement and is no longer waiting for one (finished, or the learner
 * is gone). An accepted tutor application stays with the tutor, and an accepted school enrolment with the school, as
 * the record of how they joined; an accepted enrolment whose learner had a placement goes with the learner's own
 * retention (anonymised with them).
 */
function ledToNothing(): SQL {
  const placed = sql`(select 1 from ${placements} where ${placements.studentId} = ${registrations.studentId})`
  const stillWithUs = sql`(select 1 from ${students} where ${students.id} = ${registrations.studentId} and ${students.status} <> 'finished')`
  return or(
    inArray(registrations.status, ['new', 'in_review', 'rejected', 'withdrawn']),
    and(eq(registrations.status, 'accepted'), inArray(registrations.type, ['subject', 'course']), notExists(placed), notExists(stillWithUs)),
  ) as SQL
}

/** Clears the sender's address and browser on rows of a public form older than the cutoff; answers how many. */
async function clearSenderDetails(db: Db, table: typeof registrations | typeof contactMessages, cutoff: Date): Promise<number> {
  let total = 0
  for (;;) {
    const batch = db
      .select({ id: table.id })
      .from(table)
      .where(and(lt(table.createdAt, cutoff), or(isNotNull(table.ip), isNotNull(table.userAgent))))
      .limit(RETENTION.batch)
    const cleared = await db.update(table).set({ ip: null, userAgent: null }).where(inArray(table.id, batch)).returning({ id: table.id })
    total += cleared.length
    if (cleared.length < RETENTION.batch) return total
  }
}

/**
 * Learners who finished before `cutoff` and are not anonymised yet, each in a transaction of its own (one learner's
 * records are many rows), walked by id so that one refused (a current placement, an open concern) is asked once a run.
 * One whose anonymising fails is logged by id and counted, and the others go on: one bad record must not keep every
 * other learner's data past its time.
 */
async function anonymiseFinishedLearners(db: Db, cutoff: Date, now: Date, logger?: Logger): Promise<{ anonymised: number; refused: number; failed: number }> {
  const counts = { anonymised: 0, refused: 0, failed: 0 }
  let after: string | undefined
  for (;;) {
    const due = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.status, 'finished'), lt(students.finishedAt, cutoff), isNull(students.anonymisedAt), after === undefined ? undefined : gt(students.id, after)))
      .orderBy(asc(students.id))
      .limit(RETENTION.batch)
    for (const { id } of due) {
      try {
        const outcome = await anonymiseLearner(db, id, { reason: 'retention', now })
        if (outcome.status === 'anonymised') counts.anonymised += 1
        else if (outcome.status === 'refused') counts.refused += 1
      } catch (error) {
        counts.failed += 1
        logger?.error({ studentId: id, reason: reasonOf(error) }, 'retention run: a learner could not be anonymised')
      }
    }
    if (due.length < RETENTION.batch) return counts
    after = due[due.length - 1]?.id
  }
}

/** A run that did not do everything it should: what it did is recorded; the message names what failed (never who). */
export class RetentionIncomplete extends Error {
  constructor(
    readonly removed: RetentionCounts,
    readonly failedSteps: string[],
  ) {
    const parts = [removed.learnersFailed > 0 ? `${removed.learnersFailed} learner(s) could not be anonymised` : undefined, failedSteps.length > 0 ? `failed steps: ${failedSteps.join(', ')}` : undefined]
    super(`Retention run incomplete: ${parts.filter(Boolean).join('; ')}. The server log has the reasons; the next run tries again.`)
  }
}

/**
 * One retention run as of `now` (the application's clock): every kind of record past its period is removed, and the
 * run is recorded with how many of each kind went. Running it again at the same moment removes nothing more.
 *
 * Each step runs whatever happened to the ones before it (a failing step counts 0 and is logged); the run is recorded
 * all the same, then RetentionIncomplete is thrown, so the schedule's last error (and its failure metric) shows it.
 */
export async function runRetention(db: Db, now: Date, logger?: Logger): Promise<RetentionCounts> {
  const began = Date.now()
  const { periods } = await readRetentionPeriods(db)
  const cutoff = cutoffsOf(periods, now)
  const failedSteps: string[] = []
  const step = async <T>(name: string, nothing: T, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      failedSteps.push(name)
      logger?.error({ step: name, reason: reasonOf(error) }, 'retention run: a step failed')
      return nothing
    }
  }
  const learners = await step('learners', { anonymised: 0, refused: 0, failed: 0 }, () => anonymiseFinishedLearners(db, cutoff.learners, now, logger))
  const registrationsErased = await step('registrations', 0, () =>
    deleteInBatches(db, registrations, registrations.id, and(lt(registrations.createdAt, cutoff.applications), ledToNothing()), forgetHistoryOf('registration')),
  )
  const messagesErased = await step('messages', 0, () => deleteInBatches(db, contactMessages, contactMessages.id, lt(contactMessages.createdAt, cutoff.messages), forgetHistoryOf('contact_message')))
  // Sent mail counts from when it was sent, failed mail from when it was given up (next_attempt_at), mail kept while no
  // mail server was set from when it was written; waiting mail is still being sent, and gives up within a day.
  const mailDeleted = await step('mail', 0, () =>
    deleteInBatches(
      db,
      mailOutbox,
      mailOutbox.id,
      or(
        and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, cutoff.sentMail)),
        and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.nextAttemptAt, cutoff.sentMail)),
        and(eq(mailOutbox.status, 'stored'), lt(mailOutbox.createdAt, cutoff.sentMail)),
      ),
    ),
  )
  const signInRecordsDeleted = await step('signIns', 0, () => deleteInBatches(db, auditEvents, auditEvents.id, and(like(auditEvents.action, 'auth.%'), lt(auditEvents.at, cutoff.signIns))))
  const senderDetailsCleared = await step('senderDetails', 0, async () => (await clearSenderDetails(db, registrations, cutoff.senderDetails)) + (await clearSenderDetails(db, contactMessages, cutoff.senderDetails)))
  // Throttle counters are keyed by a sender's address or email; none matters after a day, whatever the random sweep missed.
  await step('throttleCounters', undefined, () => sweepThrottleCounters(db, now))
  const openingsDeleted = await step('openings', 0, () => deleteInBatches(db, recordOpenings, recordOpenings.id, lt(recordOpenings.at, cutoff.openings)))
  // A family link stops working after 30 days; its row stays while the mails carrying it are kept, so an old mail's
  // stop link still works. Mail choices go once their address is nobody's contact any more.
  const familyLinksDeleted = await step('familyLinks', 0, async () => {
    const links = await deleteInBatches(db, familyLinks, familyLinks.id, lt(familyLinks.expiresAt, cutoff.sentMail))
    const choices = await db.delete(familyMailSettings).where(isNobodysContact(familyMailSettings.email)).returning({ email: familyMailSettings.email })
    return links + choices.length
  })
  await step('runs', undefined, async () => {
    await db.delete(retentionRuns).where(lt(retentionRuns.startedAt, cutoff.runs))
  })
  const removed: RetentionCounts = {
    learnersAnonymised: learners.anonymised,
    learnersRefused: learners.refused,
    learnersFailed: learners.failed,
    registrationsErased,
    messagesErased,
    mailDeleted,
    signInRecordsDeleted,
    senderDetailsCleared,
    openingsDeleted,
    familyLinksDeleted,
  }
  await db.insert(retentionRuns).values({ startedAt: now, finishedAt: new Date(now.getTime() + (Date.now() - began)), removed })
  if (failedSteps.length > 0 || removed.learnersFailed > 0) throw new RetentionIncomplete(removed, failedSteps)
  return removed
}

export const RETENTION_SCHEDULE_KEY = 'retention'

/**
 * The daily schedule (server/jobs): one process runs each day's run; a failed or incomplete run is logged, shows as
 * the schedule's last error, and is tried again next day.
 */
export function retentionSchedule(db: Db, logger: Logger): Schedule {
  return {
    key: RETENTION_SCHEDULE_KEY,
    everyMs: RETENTION.everyMs,
    firstInMs: RETENTION.firstInMs,
    run: async (now) => {
      const removed = await runRetention(db, now, logger)
      logger.info({ ...removed }, 'retention run: removed what was past its keeping time')
    },
  }
}
