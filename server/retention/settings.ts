import { eq, getTableColumns } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { retentionSettings, users } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { changesBetween, type ChangeContext, type UpdateOutcome } from '../lib/history.ts'

type Schemas = components['schemas']
export type RetentionPeriods = Schemas['RetentionPeriods']
export type RetentionSettingsRecord = Schemas['RetentionSettingsRecord']

const PERIOD_FIELDS = ['learnerYears', 'applicationMonths', 'messageMonths', 'sentMailDays', 'signInDays', 'senderDetailsDays', 'openingMonths'] as const satisfies readonly (keyof RetentionPeriods)[]

const columns = getTableColumns(retentionSettings)

/**
 * The periods while the office has saved none: the schema's column defaults (what the privacy notice promised), read
 * from the schema so the two cannot drift apart.
 */
export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = Object.fromEntries(
  PERIOD_FIELDS.map((field) => {
    const value = columns[field].default
    if (typeof value !== 'number') throw new Error(`retention_settings.${field} has no default`)
    return [field, value]
  }),
) as RetentionPeriods

/** A row that was never saved reads as version 1 of the defaults, from the install's first moment. */
const NEVER_SAVED = new Date(0)

function periodsOf(row: typeof retentionSettings.$inferSelect): RetentionPeriods {
  return Object.fromEntries(PERIOD_FIELDS.map((field) => [field, row[field]])) as RetentionPeriods
}

/** The periods in force: the saved row's, or the defaults while there is none. */
export async function readRetentionPeriods(db: Db): Promise<{ periods: RetentionPeriods; updatedAt: Date }> {
  const [row] = await db.select().from(retentionSettings).where(eq(retentionSettings.id, 1)).limit(1)
  return row ? { periods: periodsOf(row), updatedAt: row.updatedAt } : { periods: DEFAULT_RETENTION_PERIODS, updatedAt: NEVER_SAVED }
}

export async function readRetentionRecord(db: Db): Promise<RetentionSettingsRecord> {
  const [row] = await db
    .select({ settings: retentionSettings, by: { id: users.id, name: users.name } })
    .from(retentionSettings)
    .leftJoin(users, eq(users.id, retentionSettings.updatedBy))
    .where(eq(retentionSettings.id, 1))
    .limit(1)
  if (!row) return { version: 1, periods: DEFAULT_RETENTION_PERIODS, updatedAt: NEVER_SAVED.toISOString() }
  const { settings, by } = row
  return {
    version: settings.version,
    periods: periodsOf(settings),
    updatedAt: settings.updatedAt.toISOString(),
    ...(by === null ? {} : { updatedBy: by }),
  }
}

/**
 * Saves the periods at the version the form was read at (the contract has checked each one's bounds); the history
 * keeps each changed period with its old and new value, which are numbers, never personal.
 */
export async function updateRetentionRecord(tx: Db, version: number, input: RetentionPeriods, context: ChangeContext): Promise<Exclude<UpdateOutcome, 'missing'>> {
  const [row] = await tx.select().from(retentionSettings).where(eq(retentionSettings.id, 1)).for('update').limit(1)
  const current = row?.version ?? 1
  if (current !== version) return 'stale'
  const periods = Object.fromEntries(PERIOD_FIELDS.map((field) => [field, input[field]])) as RetentionPeriods
  const changes = changesBetween(row ? periodsOf(row) : DEFAULT_RETENTION_PERIODS, periods)
  if (changes.length === 0) return 'unchanged'
  const values = { ...periods, version: current + 1, updatedAt: new Date(), updatedBy: context.actorId }
  // Two first saves at once: the second waits on the first's row and finds its version moved on.
  const [saved] = await tx
    .insert(retentionSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: retentionSettings.id, set: values, setWhere: eq(retentionSettings.version, current) })
    .returning({ id: retentionSettings.id })
  if (!saved) return 'stale'
  await recordAudit(tx, { action: 'retention.settings_updated', actorUserId: context.actorId, ip: context.request.ip, details: { changes } })
  return 'updated'
}
