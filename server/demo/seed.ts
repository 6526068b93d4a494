import { count, inArray } from 'drizzle-orm'
import { hashPassword } from '../auth/passwords.ts'
import type { Config } from '../config.ts'
import { seedDemoRegistrations } from './registrations.ts'
import { seedDemoContent } from './content.ts'
import { seedDemoLessons } from './lessons.ts'
import { seedDemoPeople } from './people.ts'
import type { Database } from '../db/client.ts'
import { users, type Role } from '../db/schema.ts'
import { EMPTY_PROFILE, insertTutorProfile } from '../tutors/records.ts'

export const DEMO_PASSWORD = 'ChangeMe-2026!'
/**
 * Ada is the office's designated safeguarding lead; Omar is an admin who is not, so the demo shows what need-to-know
 * hides from him (the concern's words, its handling, its mail and figure) and what it leaves (that a learner has one).
 */
export const DEMO_ACCOUNTS: readonly { email: string; name: string; role: Role; safeguardingLead: boolean }[] = [
  { email: 'admin@tec.test', name: 'Ada Admin', role: 'ADMIN', safeguardingLead: true },
  { email: 'office@tec.test', name: 'Omar Office', role: 'ADMIN', safeguardingLead: false },
  { email: 'tutor@tec.test', name: 'Tom Tutor', role: 'TUTOR', safeguardingLead: false },
]

/** Demo data belongs only to a developer's embedded database, and never to production. */
function seedingAllowed(database: Database, config: Pick<Config, 'nodeEnv'>): boolean {
  return database.kind === 'pglite' && config.nodeEnv !== 'production'
}

/**
 * On a first start of an empty embedded database, adds the demo accounts, the demo site content (blog, courses,
 * gallery, settings), a demo registrations inbox, tutors, learners, placements and contact messages, and a term of
 * lessons and reports, all in one transaction so a failed seed leaves the database empty for the next start to try
 * again. Returns whether it did.
 */
export async function seedDemoData(database: Database, config: Pick<Config, 'nodeEnv'>): Promise<boolean> {
  if (!seedingAllowed(database, config)) return false
  const { db } = database
  const [existing] = await db.select({ users: count() }).from(users)
  if ((existing?.users ?? 0) > 0) return false
  await writeDemoData(database)
  return true
}

/**
 * The demo data itself, written in one transaction into any empty database, without the guards: seedDemoData decides
 * when it may run; tests also write it into PostgreSQL to prove it keeps the same rules there.
 */
export async function writeDemoData(database: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  await database.db.transaction(async (tx) => {
    const accounts = await tx
      .insert(users)
      .values(DEMO_ACCOUNTS.map((account) => ({ ...account, passwordHash })))
      .returning({ id: users.id, role: users.role, email: users.email })
    for (const tutor of accounts.filter((account) => account.role === 'TUTOR')) {
      await insertTutorProfile(tx, tutor.id, EMPTY_PROFILE, { actorId: null, request: { ip: null }, note: 'the demo data' }, 'active')
    }
    await seedDemoContent(tx)
    // The lead records the demo's changes (and takes its concern in hand).
    const admin = accounts.find((account) => account.email === 'admin@tec.test')
    if (!admin) throw new Error('The demo accounts include no admin.')
    await seedDemoRegistrations(tx, { adminId: admin.id })
    const tutor = accounts.find((account) => account.role === 'TUTOR')
    if (!tutor) throw new Error('The demo accounts include no tutor.')
    await seedDemoPeople(tx, { adminId: admin.id, tutorId: tutor.id })
    await seedDemoLessons(tx, { adminId: admin.id, tutorId: tutor.id })
  })
}

/** The demo accounts present in this database, for the start-up banner (none in production or on PostgreSQL). */
export async function presentDemoAccounts(database: Database, config: Pick<Config, 'nodeEnv'>): Promise<string[]> {
  if (!seedingAllowed(database, config)) return []
  const rows = await database.db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    )
  return DEMO_ACCOUNTS.filter((account) => rows.some((row) => row.email === account.email)).map((account) => `${account.email} (${account.role})`)
}
