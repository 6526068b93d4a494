import { eq } from 'drizzle-orm'
import { labelOf } from '../../shared/labels.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { safeguardingConcerns } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import type { ChangeContext } from '../lib/history.ts'

type Schemas = components['schemas']

/** Moves a concern on (or adds a note at the same status), from the version the admin read; the note is kept. */
export async function changeConcernStatusRecord(
  tx: Db,
  id: string,
  version: number,
  change: { status: Schemas['ConcernStatus']; note: string },
  context: ChangeContext,
): Promise<'changed' | 'missing' | 'stale'> {
  const [concern] = await tx.select().from(safeguardingConcerns).where(eq(safeguardingConcerns.id, id)).for('update').limit(1)
  if (!concern) return 'missing'
  if (concern.version !== version) return 'stale'
  const now = new Date()
  await tx
    .update(safeguardingConcerns)
    .set({ status: change.status, statusNote: change.note, statusChangedBy: context.actorId, statusChangedAt: now, version: concern.version + 1, updatedAt: now })
    .where(eq(safeguardingConcerns.id, id))
  await recordAudit(tx, {
    action: 'concern.status_changed',
    actorUserId: context.actorId,
    subject: { type: 'safeguarding_concern', id },
    related: [`lesson:${concern.lessonId}`],
    ip: context.request.ip,
    details: {
      changes: concern.status === change.status ? [] : [{ field: 'status', from: labelOf('ConcernStatus', concern.status), to: labelOf('ConcernStatus', change.status) }],
      detail: change.note,
    },
  })
  return 'changed'
}
