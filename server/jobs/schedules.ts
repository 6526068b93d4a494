import { mailResetLink, RESET_MAIL_JOB } from '../auth/handlers.ts'
import { FAMILY_LINK_JOB, mailFamilyLink } from '../family/handlers.ts'
import { BACKUP_SCHEDULE_KEY, backupSchedule } from '../backup/schedule.ts'
import { publishingSchedule } from '../blog-posts/publisher.ts'
import type { AppDeps } from '../deps.ts'
import { housekeepingSchedule } from '../housekeeping.ts'
import { REMINDER_SCHEDULE_KEY, reminderSchedule } from '../lessons/reminders.ts'
import { mailRetentionSchedule } from '../mail/retention.ts'
import { retentionSchedule } from '../retention/run.ts'

/**
 * Every kind of delayed work and every schedule the server runs, in one place: each process that serves registers
 * them all, and the jobs table makes each run happen once across processes.
 */
export function registerJobs(deps: AppDeps, options: { schedules: boolean } = { schedules: true }): void {
  const { jobs, database, logger, config } = deps
  jobs.define(RESET_MAIL_JOB, async (payload, { tx }) => {
    const { email, ip } = payload
    if (typeof email !== 'string' || typeof ip !== 'string') throw new Error('a reset-mail job without its address')
    const queued = await mailResetLink(deps, email, { ip }, tx)
    return queued ? () => deps.mailer.kick() : undefined
  })
  jobs.define(FAMILY_LINK_JOB, async (payload, { tx }) => {
    const { email, ip } = payload
    if (typeof email !== 'string' || typeof ip !== 'string') throw new Error('a family-link job without its address')
    const queued = await mailFamilyLink(deps, email, { ip }, tx)
    return queued ? () => deps.mailer.kick() : undefined
  })
  if (!options.schedules) return
  jobs.every(housekeepingSchedule(database.db, logger))
  jobs.every(publishingSchedule(database.db, logger, config.publishEveryMs))
  jobs.every(mailRetentionSchedule(database.db, logger, config.mailKeepSentDays))
  jobs.every(retentionSchedule(database.db, logger))
  const reminders = reminderSchedule(database.db, deps, logger)
  if (reminders) jobs.every(reminders)
  else jobs.forget(REMINDER_SCHEDULE_KEY)
  const backups = backupSchedule(config, database, logger)
  if (backups) jobs.every(backups)
  else jobs.forget(BACKUP_SCHEDULE_KEY)
}
