import { aliasedTable, and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { londonDay } from '../../shared/lesson-time.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { lessons, safeguardingConcerns, students, users, type SafeguardingConcernRow } from '../db/schema.ts'
import { window, type Page, type PageRequest } from '../lib/paging.ts'

type Schemas = components['schemas']
type Concern = Schemas['SafeguardingConcern']

const raisers = aliasedTable(users, 'raisers')
const changers = aliasedTable(users, 'changers')

interface ConcernJoin {
  concern: SafeguardingConcernRow
  lesson: { id: string; startsAt: Date; subject: string }
  learner: Schemas['NamedRef'] | null
  tutor: Schemas['NamedRef']
  changer: Schemas['NamedRef'] | null
}

async function concernRows(db: Db, where: SQL | undefined, page = { limit: 1, offset: 0 }): Promise<ConcernJoin[]> {
  return db
    .select({
      concern: safeguardingConcerns,
      lesson: { id: lessons.id, startsAt: lessons.startsAt, subject: lessons.subject },
      learner: { id: students.id, name: students.name },
      tutor: { id: raisers.id, name: raisers.name },
      changer: { id: changers.id, name: changers.name },
    })
    .from(safeguardingConcerns)
    .innerJoin(lessons, eq(lessons.id, safeguardingConcerns.lessonId))
    .innerJoin(raisers, eq(raisers.id, safeguardingConcerns.raisedBy))
    .leftJoin(students, eq(students.id, safeguardingConcerns.studentId))
    .leftJoin(changers, eq(changers.id, safeguardingConcerns.statusChangedBy))
    .where(where)
    // Open before in hand before closed; the most severe first; then the newest.
    .orderBy(
      sql`array_position(array['open', 'in_hand', 'closed'], ${safeguardingConcerns.status})`,
      sql`array_position(array['high', 'medium', 'low'], ${safeguardingConcerns.severity})`,
      desc(safeguardingConcerns.createdAt),
      asc(safeguardingConcerns.id),
    )
    .limit(page.limit)
    .offset(page.offset)
}

function toConcern(row: ConcernJoin): Concern {
  const { concern } = row
  return {
    id: concern.id,
    version: concern.version,
    severity: concern.severity,
    details: concern.details,
    status: concern.status,
    ...(concern.statusNote === null ? {} : { statusNote: concern.statusNote }),
    ...(row.changer ? { statusChangedBy: row.changer } : {}),
    ...(concern.statusChangedAt === null ? {} : { statusChangedAt: concern.statusChangedAt.toISOString() }),
    lesson: { id: row.lesson.id, date: londonDay(row.lesson.startsAt), subject: row.lesson.subject },
    ...(row.learner ? { learner: row.learner } : {}),
    tutor: row.tutor,
    raisedAt: concern.createdAt.toISOString(),
  }
}

/** The statuses a filter stands for: to_act_on is every concern that still needs the office. */
export function concernStatusesOf(filter: Schemas['ConcernFilter']): Schemas['ConcernStatus'][] {
  return filter === 'to_act_on' ? ['open', 'in_hand'] : [filter]
}

export interface ConcernQuery extends PageRequest {
  status?: Schemas['ConcernFilter']
  severity?: Schemas['ConcernSeverity']
}

export async function listConcernPage(db: Db, query: ConcernQuery): Promise<Page<Concern> & { statusCounts: Schemas['SafeguardingConcernPage']['statusCounts'] }> {
  const bySeverity = query.severity === undefined ? undefined : eq(safeguardingConcerns.severity, query.severity)
  const filter = and(bySeverity, query.status === undefined ? undefined : inArray(safeguardingConcerns.status, concernStatusesOf(query.status)))
  const { limit, offset } = window(query)
  const [rows, totals, counts] = await Promise.all([
    concernRows(db, filter, { limit, offset }),
    db.select({ total: count() }).from(safeguardingConcerns).where(filter),
    db.select({ status: safeguardingConcerns.status, total: count() }).from(safeguardingConcerns).where(bySeverity).groupBy(safeguardingConcerns.status),
  ])
  const statusCounts = { open: 0, in_hand: 0, closed: 0 }
  for (const row of counts) statusCounts[row.status] = row.total
  return { items: rows.map(toConcern), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize, statusCounts }
}

export async function readConcern(db: Db, id: string): Promise<Concern | undefined> {
  const [row] = await concernRows(db, eq(safeguardingConcerns.id, id))
  return row ? toConcern(row) : undefined
}
