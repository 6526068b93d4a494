import { sql, type SQL } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { components } from '../../../src/api/schema.gen.ts'
import { inject } from 'vitest'
import { createApp } from '../../../server/app.ts'
import { hashPassword } from '../../../server/auth/passwords.ts'
import { loadConfig, type Config } from '../../../server/config.ts'
import { contract } from '../../../server/contract/document.ts'
import { compileResponseValidator } from '../../../server/contract/validators.ts'
import { databaseFromPglite, databaseFromUrl, openDatabase, pgliteFolder, type Database } from '../../../server/db/client.ts'
import { siteSettings, users, type Role, type UserRow } from '../../../server/db/schema.ts'
import type { AppDeps } from '../../../server/deps.ts'
import { createLogger } from '../../../server/logger.ts'
import { Mailer } from '../../../server/mail/mailer.ts'
import { MediaSizesWorker } from '../../../server/media/sizes.ts'
import { Readiness } from '../../../server/lib/readiness.ts'
import { Metrics } from '../../../server/lib/metrics.ts'
import { Jobs } from '../../../server/lib/jobs.ts'
import { registerJobs } from '../../../server/jobs/schedules.ts'
import { OpeningsRecorder } from '../../../server/lib/openings-recorder.ts'
import { EMPTY_PROFILE, insertTutorProfile } from '../../../server/tutors/records.ts'
import { adminQuery } from './postgres-cluster.ts'

const target = inject('testDatabase')

async function newPostgresDatabaseUrl(adminUrl: string, template: string): Promise<string> {
  const name = `tec_test_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, `create database ${name} template ${template}`)
  return adminUrl.replace(/\/postgres$/, `/${name}`)
}

/** A fresh, migrated database of the kind this project tests: its own copy, so files never share state. */
export async function openTestDatabase(): Promise<Database> {
  if (target.kind === 'pglite') {
    const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(target.dumpFile)]) })
    return databaseFromPglite(client)
  }
  return databaseFromUrl(await newPostgresDatabaseUrl(target.adminUrl, target.template))
}

/**
 * A fresh, migrated database for a separate process (such as a command-line tool): the settings that point
 * at it (DATA_DIR with an embedded copy, or DATABASE_URL), and a way for the test to open it afterwards.
 */
export async function testDatabaseForProcess(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  if (target.kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tec-server-'))
    const client = await PGlite.create({ dataDir: pgliteFolder(dataDir), loadDataDir: new Blob([readFileSync(target.dumpFile)]) })
    await client.close()
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir, databaseUrl: undefined }) }
  }
  const url = await newPostgresDatabaseUrl(target.adminUrl, target.template)
  return { env: { DATABASE_URL: url }, open: () => Promise.resolve(databaseFromUrl(url)) }
}

type Schemas = components['schemas']
type AnswerBody = Partial<Schemas['Session'] & Schemas['User'] & Schemas['Error'] & Schemas['OutboxList'] & Schemas['Health']>

export interface Answer<Body extends object = AnswerBody> {
  status: number
  headers: Headers
  /**
   * Parsed JSON (already checked against the contract); typed loosely by default so tests can read any auth
   * answer's fields, or as the schema a test names (request<Schemas['CourseList']>(…)).
   */
  body: Body
  text: string
  /** The raw bytes, for answers that are not JSON (images). */
  bytes: Uint8Array
}

export interface RequestOptions {
  body?: unknown
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string
  /** A form upload (multipart/form-data, boundary set by the request). */
  form?: FormData
  token?: string
  ip?: string
  headers?: Record<string, string>
}

const operations = contract().operations
const checkAnswer = compileResponseValidator(contract())
const operationFor = (method: string, pathname: string) =>
  operations.find((operation) => operation.method === method.toLowerCase() && new RegExp(`^/api${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname))

export const DEFAULT_PASSWORD = 'Correct-Horse-Battery-9'

export interface TestApp {
  deps: AppDeps
  database: Database
  /** The app itself, for a caller that needs the raw Response (the server renderer reading the API in process). */
  fetch: (request: Request) => Promise<Response>
  request: <Body extends object = AnswerBody>(method: string, path: string, options?: RequestOptions) => Promise<Answer<Body>>
  /** Signs in and answers the token. */
  login: (email: string, password?: string, remember?: boolean) => Promise<string>
  /**
   * An account ready to sign in. An ADMIN is a designated safeguarding lead unless `safeguardingLead: false` says
   * otherwise (as every admin was made one at the upgrade), so tests about concerns read them as the office's lead.
   */
  createUser: (fields: { email: string; role?: Role; name?: string; password?: string; safeguardingLead?: boolean }) => Promise<UserRow>
  close: () => Promise<void>
}

export interface TestAppOptions {
  env?: Record<string, string>
  staticRoot?: string
  ssrEntry?: string
  schedules?: boolean
  /** An existing database (a restored or moved one) instead of a fresh copy; closed with the app. */
  database?: Database
}

/**
 * The real app in-process against a real database. Every answer to a contract operation is checked against the
 * schema the contract declares for its status, so each test is also a contract test.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', PUBLIC_URL: 'http://tec.test', ...options.env })
  const database = options.database ?? (await openTestDatabase())
  const logger = createLogger(config.logLevel)
  const mailer = new Mailer(database.db, logger, config)
  const jobs = new Jobs(database.db, logger)
  // Started as the server starts it, so the sizes pages show are made after each upload, as in production.
  const mediaSizes = new MediaSizesWorker(database, logger)
  mediaSizes.start()
  const readiness = new Readiness(database)
  // Written only when a test flushes it (deps.openings.flush()) or a batch fills, so what a test sees never depends on a timer.
  const openings = new OpeningsRecorder(database.db, logger, { intervalMs: 60 * 60_000 })
  const deps: AppDeps = { config, database, logger, mailer, jobs, readiness, metrics: new Metrics(database, logger), openings, staticRoot: options.staticRoot, ssrEntry: options.ssrEntry }
  // Delayed work runs as in production; schedules only where a test asks for them, so none fires in the middle of another test.
  registerJobs(deps, { schedules: options.schedules ?? false })
  await jobs.start()
  const app = createApp(deps)

  const request = async <Body extends object = AnswerBody>(method: string, path: string, { body, rawBody, form, token, ip = '203.0.113.1', headers = {} }: RequestOptions = {}): Promise<Answer<Body>> => {
    const init: RequestInit = { method, headers: { 'x-forwarded-for': ip, ...headers } }
    const sent = rawBody ?? (body === undefined ? undefined : JSON.stringify(body))
    if (form !== undefined) {
      // Through a Request, so the multipart body and its boundary header are made as a browser makes them.
      const prepared = new Request('http://x/', { method: 'POST', body: form })
      init.body = new Uint8Array(await prepared.arrayBuffer())
      init.headers = { 'content-type': prepared.headers.get('content-type') ?? '', ...init.headers }
    } else if (sent !== undefined) {
      init.body = sent
      init.headers = { 'content-type': 'application/json', ...init.headers }
    }
    if (token) init.headers = { authorization: `Bearer ${token}`, ...init.headers }
    const response = await app.request(path, init)
    const bytes = new Uint8Array(await response.arrayBuffer())
    const text = new TextDecoder().decode(bytes)
    const contentType = response.headers.get('content-type') ?? undefined
    let parsed: unknown = text
    if (contentType?.includes('application/json')) parsed = JSON.parse(text)
    const operation = operationFor(method, new URL(path, 'http://x').pathname)
    if (operation) {
      // The content type is checked too: an image answer must be one the contract declares for its status.
      const problems = checkAnswer(operation, response.status, parsed === '' ? undefined : parsed, bytes.byteLength > 0 ? contentType : undefined)
      if (problems.length > 0) throw new Error(`Answer breaks the contract:\n${problems.join('\n')}\n${text}`)
    }
    const answerBody = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Body
    return { status: response.status, headers: response.headers, body: answerBody, text, bytes }
  }

  return {
    deps,
    database,
    fetch: async (request) => app.fetch(request),
    request,
    login: async (email, password = DEFAULT_PASSWORD, remember = true) => {
      const answer = await request('POST', '/api/auth/login', { body: { email, pass: password, remember }, ip: `198.51.100.${Math.floor(Math.random() * 250)}` })
      if (answer.status !== 200 || !answer.body.token) throw new Error(`login failed: ${answer.status} ${answer.text}`)
      return answer.body.token
    },
    createUser: async ({ email, role = 'TUTOR', name = 'Test Person', password = DEFAULT_PASSWORD, safeguardingLead = role === 'ADMIN' }) => {
      const [row] = await database.db
        .insert(users)
        .values({ email, role, name, passwordHash: await hashPassword(password), safeguardingLead })
        .returning()
      if (!row) throw new Error('no user row')
      if (role === 'TUTOR') await insertTutorProfile(database.db, row.id, EMPTY_PROFILE, { actorId: null, request: { ip: null } }, 'active')
      return row
    },
    close: async () => {
      await jobs.idle()
      await jobs.stop()
      await mailer.stop()
      await mediaSizes.stop()
      await openings.stop()
      readiness.stop()
      await database.close()
    },
  }
}

/** Rows from a raw query, whichever driver ran it (both answer `{ rows }`). */
export async function rowsOf<Row>(database: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await database.db.execute(query)
  return typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows) ? (result.rows as Row[]) : []
}

/**
 * Waits until the app has heard of every change committed so far, so that none still on its way drops what a test is
 * about to show is kept: background work (a sign-in's, a form's) is finished, then a row of a table no test writes is
 * changed and its notification heard. Notifications arrive in commit order, on PostgreSQL through one connection, so
 * every earlier one has been heard by then.
 */
export async function allHeard(app: TestApp): Promise<void> {
  await app.deps.jobs.idle()
  let stop = () => {}
  const heard = new Promise<void>((resolve) => {
    stop = app.database.changes.subscribe((event, table) => {
      if (event === 'changed' && table === 'site_settings') resolve()
    })
  })
  try {
    await app.database.db.update(siteSettings).set({ phone: sql`${siteSettings.phone}` })
    await heard
  } finally {
    stop()
  }
}
