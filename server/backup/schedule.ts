import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import type { Schedule } from '../lib/jobs.ts'
import type { Logger } from '../logger.ts'
import { backupEmbedded } from './embedded.ts'
import { pruneBackups, readableSize } from './files.ts'
import { describeFingerprint } from './fingerprint.ts'

/**
 * The embedded database backs itself up every BACKUP_EVERY_HOURS into BACKUP_DIR, keeping the newest BACKUP_KEEP;
 * undefined when that is off, or on PostgreSQL, whose backups are pg_dump's or WAL archiving's (docs/production.md).
 * The first runs a minute after the setting is first seen, so a new BACKUP_DIR shows at once whether it works.
 */
/** The backups' schedule in the jobs table; its row is deleted when the settings turn backups off. */
export const BACKUP_SCHEDULE_KEY = 'backup'

export function backupSchedule(config: Pick<Config, 'backups'>, database: Database, logger: Logger): Schedule | undefined {
  const { dir, everyHours, keep } = config.backups
  const client = database.pglite
  if (dir === undefined || everyHours === 0 || client === undefined) return undefined
  return {
    key: BACKUP_SCHEDULE_KEY,
    everyMs: everyHours * 3_600_000,
    firstInMs: 60_000,
    run: async (now) => {
      const written = await backupEmbedded(client, dir, now)
      const deleted = pruneBackups(dir, keep)
      logger.info({ file: written.file, size: written.size, sha256: written.sha256, deleted }, `backup written: ${readableSize(written.size)}, ${describeFingerprint(written.fingerprint)}`)
    },
  }
}
