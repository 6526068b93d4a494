// Creates a staff account on the configured database (embedded or DATABASE_URL), e.g. for a real deployment:
//   npm run user:create -- --email ada@example.org --name "Ada Lovelace" --role ADMIN [--safeguarding-lead]
// An admin made while the office has no active safeguarding lead becomes one (or nobody could read a concern, nor give
// the mark, which only a lead may); --safeguarding-lead makes any admin one.
// The password is asked for without echo, or read from the first line of standard input when it is not a terminal.
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { parseArgs } from 'node:util'
import { and, eq, isNull } from 'drizzle-orm'
import { recordAudit } from '../lib/audit.ts'
import { hashPassword, passwordProblem } from '../auth/passwords.ts'
import { isPersonName, TEXT_MESSAGES } from '../contract/text-safety.ts'
import { loadConfig } from '../config.ts'
import { ENUMS, LIMITS } from '../../shared/contract.gen.ts'
import { isEmailAddress } from '../../shared/email-address.ts'
import { users, type Role } from '../db/schema.ts'
import { normaliseEmail } from '../lib/email.ts'
import { EMPTY_PROFILE, insertTutorProfile } from '../tutors/records.ts'
import { openMigratedDatabase, startupMessage } from '../startup.ts'

class UsageError extends Error {}

const USAGE = 'Usage: npm run user:create -- --email <email> --name "<name>" --role ADMIN|TUTOR [--safeguarding-lead]'

function readArguments() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, 'safeguarding-lead': { type: 'boolean' } } })
  const email = normaliseEmail(values.email ?? '')
  const name = (values.name ?? '').trim()
  const role = ENUMS.Role.find((candidate) => candidate === values.role)
  // The rule every email field of the contract follows, so an account made here can sign in through the API.
  if (!isEmailAddress(email) || email.length > LIMITS.Email.maxLength) throw new UsageError(`Give a valid --email.\n${USAGE}`)
  const { minLength, maxLength } = LIMITS.User.name
  if (name.length < minLength || name.length > maxLength) throw new UsageError(`Give a --name of ${minLength} to ${maxLength} characters.\n${USAGE}`)
  if (!isPersonName(name)) throw new UsageError(`${TEXT_MESSAGES.personName}\n${USAGE}`)
  if (!role) throw new UsageError(`Give --role ADMIN or --role TUTOR.\n${USAGE}`)
  const lead = values['safeguarding-lead'] === true
  if (lead && role !== 'ADMIN') throw new UsageError(`Only an admin can be a safeguarding lead.\n${USAGE}`)
  return { account: { email, name, role: role satisfies Role }, lead }
}

/** Reads one line; on a terminal the typed characters are not echoed. */
function readPassword(): Promise<string> {
  const interactive = process.stdin.isTTY
  let muted = false
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stdout.write(chunk)
      callback()
    },
  })
  const lines = createInterface({ input: process.stdin, output: interactive ? output : undefined, terminal: interactive })
  return new Promise((resolve, reject) => {
    if (interactive) {
      output.write('Password: ')
      muted = true
    }
    lines.once('line', (line) => {
      resolve(line) // before close(), whose 'close' event would otherwise reject first
      if (interactive) process.stdout.write('\n')
      lines.close()
    })
    lines.once('close', () => reject(new UsageError('No password was given.')))
  })
}

async function main(): Promise<void> {
  const { account, lead } = readArguments()
  const password = await readPassword()
  const problem = await passwordProblem(password, account)
  if (problem) throw new UsageError(problem)
  const passwordHash = await hashPassword(password)

  const database = await openMigratedDatabase(loadConfig(process.env, process.cwd(), 'tool'))
  try {
    const created = await database.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email)).limit(1)
      if (existing) return undefined
      const [someLead] =
        account.role === 'ADMIN' && !lead
          ? await tx.select({ id: users.id }).from(users).where(and(eq(users.safeguardingLead, true), isNull(users.deactivatedAt))).limit(1)
          : []
      const safeguardingLead = account.role === 'ADMIN' && (lead || !someLead)
      const [row] = await tx.insert(users).values({ ...account, passwordHash, safeguardingLead }).returning()
      if (!row) throw new Error('The user insert returned no row.')
      await recordAudit(tx, { action: 'user.created', actorUserId: null, subject: { type: 'user', id: row.id }, ip: null, details: { via: 'cli', role: row.role, safeguardingLead } })
      // A tutor made here has a password already, so is active; the office completes the profile.
      if (row.role === 'TUTOR') await insertTutorProfile(tx, row.id, EMPTY_PROFILE, { actorId: null, request: { ip: null }, note: 'the command line' }, 'active')
      return row
    })
    if (!created) throw new UsageError(`An account with the email ${account.email} already exists.`)
    console.log(`Created ${created.role} ${created.email} (${created.name}).`)
    if (created.safeguardingLead) {
      console.log(
        lead
          ? 'They are a designated safeguarding lead: they read safeguarding concerns.'
          : 'They are a designated safeguarding lead, since the office had none: only leads read safeguarding concerns and give the mark (Settings → Staff accounts).',
      )
    }
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  const message = error instanceof UsageError ? error.message : startupMessage(error)
  console.error(message ?? error)
  process.exitCode = 1
})
