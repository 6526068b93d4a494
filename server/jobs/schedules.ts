import { mailResetLink, RESET_MAIL_JOB } from '../auth/handlers.ts'
import { backupSchedule } from '../backup/schedule.ts'
import { publishingSchedule } from '../blog-posts/publisher.ts'
import type { AppDeps } from '../deps.ts'
import { housekeepingSchedule } from '../housekeeping.ts'
import { mailRetentionSchedule } from '../mail/retention.ts'

/**
 * Every kind of delayed work and every schedule the server runs, in one place: each process that serves registers
 * them all, and the jobs table makes each run happen once across processes.
 */
export function registerJobs(deps: AppDeps, options: { schedules: boolean } = { schedules: true }): void {
  const { jobs, database, logger, config } = deps
  jobs.define(RESET_MAIL_JOB, async (payload) => {
    const { email, ip } = payload
    if (typeof email !== 'string' || typeof ip !== 'string') throw new Error('a reset-mail job without its address')
    await mailResetLink(deps, email, { ip })
  })
  if (!options.schedules) return
  jobs.every(housekeepingSchedule(database.db, logger))
  jobs.every(publishingSchedule(database.db, logger, config.publishEveryMs))
  jobs.every(mailRetentionSchedule(database.db, logger, config.mailKeepSentDays))
  const backups = backupSchedule(config, database, logger)
  if (backups) jobs.every(backups)
}
