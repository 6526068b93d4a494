import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { verifyPassword } from '../../server/auth/passwords.ts'
import { auditEvents, users } from '../../server/db/schema.ts'
import { runCommand, type CommandRun } from '../support/command.ts'
import { testDatabaseForProcess } from './support/test-app.ts'

let env: Record<string, string>
let openDatabase: Awaited<ReturnType<typeof testDatabaseForProcess>>['open']

beforeAll(async () => {
  const target = await testDatabaseForProcess()
  env = target.env
  openDatabase = target.open
})

/**
 * `npm run user:create` as an operator runs it, with the password piped on standard input: compiled, or from source
 * through tsx as npm runs it (`fromSource`).
 */
function createUser(args: string[], stdin: string, { fromSource = false } = {}): Promise<CommandRun> {
  return runCommand('create-user', args, { NODE_ENV: 'production', ...env }, { stdin, fromSource })
}

describe('the create-user command', () => {
  test('creates an admin whose password works, and records it in the audit', async () => {
    // From its source, as `npm run user:create` runs it; the other tests run the compiled copy.
    const run = await createUser(['--email', 'Grace@Example.org', '--name', 'Grace Hopper', '--role', 'ADMIN'], 'Compiler-Cobol-1959\n', { fromSource: true })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Created ADMIN grace@example.org (Grace Hopper).')
    expect(run.stdout).not.toContain('Compiler-Cobol-1959')

    const database = await openDatabase()
    try {
      const [user] = await database.db.select().from(users).where(eq(users.email, 'grace@example.org'))
      expect(user?.role).toBe('ADMIN')
      // The office had no safeguarding lead, so its first admin becomes one, and is told so.
      expect(user?.safeguardingLead).toBe(true)
      expect(run.stdout).toContain('They are a designated safeguarding lead, since the office had none')
      await expect(verifyPassword(user?.passwordHash ?? '', 'Compiler-Cobol-1959')).resolves.toBe(true)
      const audit = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.created'))
      expect(audit.map((event) => event.subjectId)).toContain(user?.id)
    } finally {
      await database.close()
    }
  })

  test('makes a later admin a safeguarding lead only when asked', async () => {
    const plain = await createUser(['--email', 'second.admin@example.org', '--name', 'Second Admin', '--role', 'ADMIN'], 'Compiler-Cobol-1959\n')
    expect(plain.code).toBe(0)
    expect(plain.stdout).not.toContain('safeguarding lead')
    const asked = await createUser(['--email', 'deputy@example.org', '--name', 'Deputy Lead', '--role', 'ADMIN', '--safeguarding-lead'], 'Compiler-Cobol-1959\n')
    expect(asked.code).toBe(0)
    expect(asked.stdout).toContain('They are a designated safeguarding lead: they read safeguarding concerns.')
    const database = await openDatabase()
    try {
      const rows = await database.db.select({ email: users.email, lead: users.safeguardingLead }).from(users)
      expect(rows.find((row) => row.email === 'second.admin@example.org')?.lead).toBe(false)
      expect(rows.find((row) => row.email === 'deputy@example.org')?.lead).toBe(true)
    } finally {
      await database.close()
    }
  })

  test('refuses an email that already has an account', async () => {
    await createUser(['--email', 'twice@example.org', '--name', 'First', '--role', 'TUTOR'], 'Lighthouse-Keeper-22\n')
    const run = await createUser(['--email', 'twice@example.org', '--name', 'Second', '--role', 'TUTOR'], 'Lighthouse-Keeper-22\n')
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('An account with the email twice@example.org already exists.')
  })

  const refusals: [string[], string, string][] = [
    [['--email', 'short@example.org', '--name', 'Short', '--role', 'ADMIN'], 'elevenchars', 'Use at least 12 characters for an admin account.'],
    [['--email', 'common@example.org', '--name', 'Common', '--role', 'TUTOR'], 'password123', 'This password is too common.'],
    [['--email', 'not-an-email', '--name', 'Nobody', '--role', 'TUTOR'], 'Lighthouse-Keeper-22', 'Give a valid --email.'],
    [['--email', 'x?bcc=spy@example.org', '--name', 'Nobody', '--role', 'TUTOR'], 'Lighthouse-Keeper-22', 'Give a valid --email.'],
    [['--email', 'role@example.org', '--name', 'Nobody', '--role', 'OWNER'], 'Lighthouse-Keeper-22', 'Give --role ADMIN or --role TUTOR.'],
    [['--email', 'lead@example.org', '--name', 'Nobody', '--role', 'TUTOR', '--safeguarding-lead'], 'Lighthouse-Keeper-22', 'Only an admin can be a safeguarding lead.'],
  ]
  // Each run is a process of its own that refuses before it opens the database, so they start side by side; each test
  // then reads its own run's answer and the database.
  let refused: Promise<CommandRun[]> | undefined
  const runOf = async (args: string[]) => {
    refused ??= Promise.all(refusals.map(([given, password]) => createUser(given, `${password}\n`)))
    return (await refused)[refusals.findIndex(([given]) => given === args)]!
  }

  test.each(refusals)('refuses %j with a message and creates nothing', async (args, _password, message) => {
    const run = await runOf(args)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(message)
    const database = await openDatabase()
    try {
      const [found] = await database.db.select().from(users).where(eq(users.email, args[1] ?? ''))
      expect(found).toBeUndefined()
    } finally {
      await database.close()
    }
  })
})
