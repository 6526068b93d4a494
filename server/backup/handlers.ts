import type { Handler } from '../contract/types.ts'
import { MESSAGES } from '../messages.ts'
import { isBackupToken, snapshotEmbedded } from './embedded.ts'

/**
 * The embedded database's folder for `npm run backup`, which cannot open it while this process holds it. Without the
 * token of this run (DATA_DIR/backup-access.json), or on PostgreSQL, the route does not exist for the caller.
 */
export const createBackup: Handler<'createBackup'> = async ({ headers }, deps) => {
  const client = deps.database.pglite
  if (client === undefined || !isBackupToken(deps.config.dataDir, headers['X-Backup-Token'])) return { status: 404, body: { message: MESSAGES.noSuchEndpoint } }
  const { tarball, fingerprint } = await snapshotEmbedded(client)
  deps.logger.info({ tables: fingerprint.tables.length, rows: fingerprint.rows, bytes: tarball.size }, 'backup taken for npm run backup')
  return { status: 200, bytes: new Uint8Array(await tarball.arrayBuffer()), contentType: 'application/gzip', headers: { 'X-Database-Fingerprint': fingerprint.digest } }
}
