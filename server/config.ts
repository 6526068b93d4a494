import { BlockList, isIP } from 'node:net'
import path from 'node:path'
import { isEmailAddress } from '../shared/email-address.ts'
import { DEFAULT_HTTP_TIMEOUTS } from './http-timeouts.ts'
import { TRUST_NO_PROXY, type TrustProxy } from './trusted-proxies.ts'

/** A setting the server cannot start with; index.ts prints the message and exits 1. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

export type NodeEnv = 'development' | 'test' | 'production'
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface Config {
  port: number
  /**
   * The interface to listen on: loopback (127.0.0.1) outside production unless HOST says otherwise, so a
   * development server (demo data, the mail outbox) is never reachable from the network by accident; every
   * interface in production.
   */
  host: string | undefined
  /** Absolute path of the embedded database folder (used only when databaseUrl is unset). */
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  /**
   * Who mail comes from (MAIL_FROM: `name@example.org` or `Name <name@example.org>`), and where replies go
   * (MAIL_REPLY_TO, optional). Production cannot start without MAIL_FROM, nor without SMTP_URL: mail kept in the
   * database would reach nobody.
   */
  mailFrom: string
  mailReplyTo: string | undefined
  nodeEnv: NodeEnv
  /** Origin (no trailing slash) used in mailed links; never taken from the Host header. */
  publicUrl: string
  /**
   * Which proxies may say who the visitor is (X-Forwarded-For), how they reached us (X-Forwarded-Proto) and which
   * request it is (X-Request-Id): TRUST_PROXY=false (none, the default), true (one, the nearest), a number of proxies
   * in a row (2 for a CDN and then a load balancer), or a comma list of their addresses and ranges
   * (`10.0.0.0/8, 2001:db8::/32`).
   */
  trustProxy: TrustProxy
  /**
   * Connections each process's pool may hold (DATABASE_POOL_MAX, 1 to 100): by default poolMaxFor(WEB_CONCURRENCY),
   * so a machine's processes share about 20. Each process also holds one listening connection.
   */
  databasePoolMax: number
  /**
   * Whether the server applies this build's migrations when it starts (MIGRATE_ON_START, default true). Set it to
   * false where `npm run migrate` runs as a step of the deploy; a server whose migrations are missing is not ready.
   */
  migrateOnStart: boolean
  /**
   * How long an idle keep-alive connection stays open (KEEP_ALIVE_TIMEOUT_MS, default 65 s: longer than the 60 s
   * idle time of common load balancers, so they never send a request on a connection we are closing), and how long
   * a client may take to send a request's headers (HEADERS_TIMEOUT_MS, 10 s) and all of it (REQUEST_TIMEOUT_MS, 30 s).
   */
  httpTimeouts: HttpTimeouts
  logLevel: LogLevel
  /**
   * How often each server process marks scheduled blog posts that are due as published (visitors see a post from
   * its time whatever this is; the round records it in the post's history). SCHEDULED_PUBLISH_EVERY_MS.
   */
  publishEveryMs: number
  /**
   * When the day-before lesson reminders go, as a London time "HH:MM" (LESSON_REMINDER_TIME, default 17:00; `off`
   * sends none): from then on each lesson of tomorrow gets one, to its tutor and its learners' contacts.
   * LESSON_REMINDERS_EVERY_MS (default 5 minutes) is how often one process of all looks for lessons to remind.
   */
  reminders: { time: string | null; everyMs: number }
  /**
   * How many days the body of a sent mail is kept (MAIL_KEEP_SENT_DAYS, 1 to 3650, default 30), for the office to see
   * what went out; then only who it went to, its subject and kind stay. A mail carrying a sign-in or reset link keeps
   * its body only until it is sent.
   */
  mailKeepSentDays: number
  /**
   * How long a process keeps serving after SIGTERM while /api/health/ready already answers 503
   * (SHUTDOWN_DELAY_MS, 0 to 60000; 5000 in production, 0 elsewhere), so a load balancer checking every few seconds
   * stops sending before the listener closes; then requests in flight get up to 10 s to finish.
   */
  shutdownDelayMs: number
  /**
   * How many API processes serve the port (WEB_CONCURRENCY, 1 to 32, default 1): more cores, more throughput. Above
   * 1 it needs PostgreSQL, since the embedded database belongs to one process.
   */
  webConcurrency: number
  /**
   * Whether admins must use the second sign-in step (ADMIN_SECOND_FACTOR=required|optional): required by default in
   * production, optional elsewhere (the demo). An admin without it may do nothing but set it up.
   */
  adminSecondFactor: 'required' | 'optional'
  /**
   * The 32-byte key that encrypts the authenticator secrets at rest (SECOND_FACTOR_KEY, base64). Production cannot
   * start without it; elsewhere a fixed development key stands in (printed nowhere, known to everyone: never real).
   */
  secondFactorKey: Buffer
  /**
   * The key SECOND_FACTOR_KEY replaces, while it is being rotated (SECOND_FACTOR_PREVIOUS_KEY, base64): secrets that
   * open only with it are sealed again with the new key, at start and when used. Unset once the start says so.
   */
  previousSecondFactorKey: Buffer | undefined
  /**
   * Where `npm run backup` writes (BACKUP_DIR, or the folder it is given), and, on the embedded database, how often the
   * server takes a backup there itself (BACKUP_EVERY_HOURS, 1 to 720, default 24 once BACKUP_DIR is set; 0 for never)
   * and how many it keeps (BACKUP_KEEP, 1 to 1000, default 14), deleting the oldest.
   */
  backups: { dir: string | undefined; everyHours: number; keep: number }
  /**
   * The bearer token a metrics scraper sends for GET /api/metrics (METRICS_TOKEN, at least 32 characters). Without
   * it the metrics answer only requests straight from this machine; anyone else gets the 404 of an unknown endpoint.
   */
  metricsToken: string | undefined
}

export interface HttpTimeouts {
  keepAliveTimeout: number
  headersTimeout: number
  requestTimeout: number
}

type Env = Record<string, string | undefined>

const NODE_ENVS: readonly NodeEnv[] = ['development', 'test', 'production']
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 3000
  const port = Number(value)
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigError(`PORT is "${value}", but it must be a whole number from 0 to 65535 (for example 3000).`)
  }
  return port
}

function parseChoice<T extends string>(name: string, value: string | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback
  const found = choices.find((choice) => choice === value)
  if (found === undefined) {
    throw new ConfigError(`${name} is "${value}", but it must be one of: ${choices.join(', ')}.`)
  }
  return found
}

/** Parses a URL setting; the message never repeats the value, because these URLs carry passwords. */
function parseSecretUrl(name: string, value: string | undefined, protocols: readonly string[], example: string): string | undefined {
  if (value === undefined) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`${name} is not a valid URL. Expected something like ${example}.`)
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      `${name} uses the scheme "${url.protocol}", but it must start with ${protocols.map((p) => `${p}//`).join(' or ')} (for example ${example}).`,
    )
  }
  return value
}

function parseHost(value: string | undefined, nodeEnv: NodeEnv): string | undefined {
  if (value === undefined) return nodeEnv === 'production' ? undefined : '127.0.0.1'
  if (isIP(value) === 0 && !/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(value)) {
    throw new ConfigError(`HOST is "${value}", but it must be an IP address or a host name (for example 0.0.0.0 for every interface).`)
  }
  return value
}

function parsePublicUrl(value: string | undefined, port: number, nodeEnv: NodeEnv, purpose: ConfigPurpose): string {
  if (value === undefined && nodeEnv === 'production' && purpose === 'server') {
    // Mailed links are built on it: guessing (localhost) would mail links that lead nowhere, or somewhere else.
    throw new ConfigError('PUBLIC_URL is not set. In production it must be the address people use to reach the site, such as https://tec.example.org.')
  }
  if (value === undefined) return `http://localhost:${port}`
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`PUBLIC_URL is "${value}", but it must be an http(s) origin such as https://tec.example.org.`)
  }
  const isOrigin = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === ''
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !isOrigin) {
    throw new ConfigError(`PUBLIC_URL is "${value}", but it must be an http(s) origin with no path, such as https://tec.example.org.`)
  }
  return url.origin
}

function parseInterval(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  const ms = Number(value)
  if (!/^\d+$/.test(value) || ms < 100 || ms > 3_600_000) throw new ConfigError(`${name} is "${value}", but it must be a number of milliseconds from 100 to 3600000.`)
  return ms
}

function parseClockTime(name: string, value: string | undefined, fallback: string): string | null {
  if (value === undefined) return fallback
  if (value === 'off') return null
  if (!/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(value)) throw new ConfigError(`${name} is "${value}", but it must be a time of day in London as HH:MM, such as 17:00, or off.`)
  return value
}

function parseDelay(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  const ms = Number(value)
  if (!/^\d+$/.test(value) || ms > 60_000) throw new ConfigError(`${name} is "${value}", but it must be a number of milliseconds from 0 to 60000.`)
  return ms
}

function parseDays(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  const days = Number(value)
  if (!/^\d+$/.test(value) || days < 1 || days > 3650) throw new ConfigError(`${name} is "${value}", but it must be a number of days from 1 to 3650.`)
  return days
}

function parseConcurrency(value: string | undefined, postgres: boolean): number {
  if (value === undefined) return 1
  const count = Number(value)
  if (!/^\d+$/.test(value) || count < 1 || count > 32) throw new ConfigError(`WEB_CONCURRENCY is "${value}", but it must be a number of processes from 1 to 32.`)
  if (count > 1 && !postgres) {
    throw new ConfigError(`WEB_CONCURRENCY is ${count}, but several processes need PostgreSQL (DATABASE_URL): the embedded database belongs to one process.`)
  }
  return count
}

/**
 * The default pool: 20 connections shared by a machine's WEB_CONCURRENCY processes, at most 10 and at least 2 each.
 * With the listener each process also holds, 3 machines of 4 processes use 72 of PostgreSQL's default 100
 * (max_connections), leaving room for the migration, an admin and a backup. The production guide gives the formula.
 */
export function poolMaxFor(webConcurrency: number): number {
  return Math.max(2, Math.min(10, Math.floor(20 / webConcurrency)))
}

function parsePoolMax(value: string | undefined, webConcurrency: number): number {
  if (value === undefined) return poolMaxFor(webConcurrency)
  const max = Number(value)
  if (!/^\d+$/.test(value) || max < 1 || max > 100) {
    throw new ConfigError(`DATABASE_POOL_MAX is "${value}", but it must be a number of connections from 1 to 100 (each of the WEB_CONCURRENCY processes holds that many).`)
  }
  return max
}

/** An address (`10.0.0.7`, `2001:db8::1`) or a range in CIDR notation (`10.0.0.0/8`, `2001:db8::/32`). */
function addTrustedRange(addresses: BlockList, range: string): boolean {
  const [address = '', prefix, extra] = range.split('/')
  const family = isIP(address)
  if (family === 0 || extra !== undefined) return false
  const type = family === 4 ? 'ipv4' : 'ipv6'
  if (prefix === undefined) {
    addresses.addAddress(address, type)
    return true
  }
  const bits = Number(prefix)
  if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return false
  addresses.addSubnet(address, bits, type)
  return true
}

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return TRUST_NO_PROXY
  if (value === 'true') return { kind: 'hops', hops: 1 }
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops < 1 || hops > 10) throw new ConfigError(`TRUST_PROXY is "${value}", but a number of proxies must be from 1 to 10 (use false for none).`)
    return { kind: 'hops', hops }
  }
  const ranges = value.split(',').map((range) => range.trim())
  const addresses = new BlockList()
  const wrong = ranges.filter((range) => !addTrustedRange(addresses, range))
  if (wrong.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY has "${wrong.join('", "')}", which is not an IP address or range. It must be true, false, a number of proxies (such as 2), or a comma list of the proxies' addresses and ranges (such as 10.0.0.0/8, 2001:db8::/32).`,
    )
  }
  return { kind: 'addresses', addresses, ranges }
}

function parseTimeout(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback
  const ms = Number(value)
  if (!/^\d+$/.test(value) || ms < 1000 || ms > 600_000) throw new ConfigError(`${name} is "${value}", but it must be a number of milliseconds from 1000 to 600000.`)
  return ms
}

function parseHttpTimeouts(env: Env): HttpTimeouts {
  const timeouts = {
    keepAliveTimeout: parseTimeout('KEEP_ALIVE_TIMEOUT_MS', read(env, 'KEEP_ALIVE_TIMEOUT_MS'), DEFAULT_HTTP_TIMEOUTS.keepAliveTimeout),
    headersTimeout: parseTimeout('HEADERS_TIMEOUT_MS', read(env, 'HEADERS_TIMEOUT_MS'), DEFAULT_HTTP_TIMEOUTS.headersTimeout),
    requestTimeout: parseTimeout('REQUEST_TIMEOUT_MS', read(env, 'REQUEST_TIMEOUT_MS'), DEFAULT_HTTP_TIMEOUTS.requestTimeout),
  }
  // Node refuses to start an HTTP server otherwise: the headers are part of the request.
  if (timeouts.headersTimeout > timeouts.requestTimeout) {
    throw new ConfigError(`HEADERS_TIMEOUT_MS is ${timeouts.headersTimeout}, longer than REQUEST_TIMEOUT_MS (${timeouts.requestTimeout}): the headers are part of the request, so it must be at most as long.`)
  }
  return timeouts
}

function parseBoolean(name: string, value: string | undefined, fallback = false): boolean {
  if (value === undefined) return fallback
  if (value === 'true') return true
  if (value === 'false') return false
  throw new ConfigError(`${name} is "${value}", but it must be true or false.`)
}

/** Known to anyone who reads this file: good for development and tests, never for real secrets. */
const DEVELOPMENT_SECOND_FACTOR_KEY = Buffer.alloc(32, 'tec-development-second-factor-key')

function parseSecondFactorKey(value: string | undefined, nodeEnv: NodeEnv, purpose: ConfigPurpose): Buffer {
  if (value === undefined) {
    if (nodeEnv === 'production' && purpose === 'server') {
      throw new ConfigError(`SECOND_FACTOR_KEY is not set. In production it must be 32 random bytes in base64, which encrypt the staff's authenticator secrets. ${MAKE_A_KEY}`)
    }
    return DEVELOPMENT_SECOND_FACTOR_KEY
  }
  return parseKey('SECOND_FACTOR_KEY', value)
}

/** Long enough that guessing it over the network is hopeless, and nothing a header could not carry. */
function parseMetricsToken(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  if (!/^[A-Za-z0-9._~+/=-]{32,512}$/.test(value)) {
    throw new ConfigError(`METRICS_TOKEN must be 32 to 512 letters, digits or ._~+/=- (no spaces). Make one with: node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`)
  }
  return value
}

const MAKE_A_KEY = 'Make one with: node -e "console.log(require(\'crypto\').randomBytes(32).toString(\'base64\'))"'

function parseKey(name: string, value: string): Buffer {
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(value) ? Buffer.from(value, 'base64') : Buffer.alloc(0)
  if (key.length !== 32) throw new ConfigError(`${name} must be 32 bytes in base64 (44 characters). ${MAKE_A_KEY}`)
  return key
}

function parseSecondFactorKeys(env: Env, nodeEnv: NodeEnv, purpose: ConfigPurpose): Pick<Config, 'secondFactorKey' | 'previousSecondFactorKey'> {
  const secondFactorKey = parseSecondFactorKey(read(env, 'SECOND_FACTOR_KEY'), nodeEnv, purpose)
  const previous = read(env, 'SECOND_FACTOR_PREVIOUS_KEY')
  if (previous === undefined) return { secondFactorKey, previousSecondFactorKey: undefined }
  const previousSecondFactorKey = parseKey('SECOND_FACTOR_PREVIOUS_KEY', previous)
  if (previousSecondFactorKey.equals(secondFactorKey)) {
    throw new ConfigError('SECOND_FACTOR_PREVIOUS_KEY is the same as SECOND_FACTOR_KEY. While rotating, SECOND_FACTOR_KEY is the new key and SECOND_FACTOR_PREVIOUS_KEY the old one.')
  }
  return { secondFactorKey, previousSecondFactorKey }
}

/** Outside production, mail comes from this address unless MAIL_FROM says otherwise. */
const DEVELOPMENT_MAIL_FROM = 'TEC <no-reply@tec.test>'

/** `name@example.org` or `Display Name <name@example.org>`, with an address held to the contract's email rule. */
function parseMailbox(name: string, value: string): string {
  const match = /^(?:([^<>"\r\n]+?)\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(value)
  const address = match?.[2] ?? match?.[3]
  if (address === undefined || !isEmailAddress(address)) {
    throw new ConfigError(`${name} is "${value}", but it must be an email address, alone or with a name, such as "TEC <office@tec.example.org>".`)
  }
  return value
}

function parseMail(env: Env, nodeEnv: NodeEnv, purpose: ConfigPurpose): Pick<Config, 'mailFrom' | 'mailReplyTo'> {
  const from = read(env, 'MAIL_FROM')
  const replyTo = read(env, 'MAIL_REPLY_TO')
  if (nodeEnv === 'production' && purpose === 'server') {
    const missing = [read(env, 'SMTP_URL') === undefined ? 'SMTP_URL' : undefined, from === undefined ? 'MAIL_FROM' : undefined].filter((name) => name !== undefined)
    if (missing.length > 0) {
      throw new ConfigError(
        `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set. In production the server sends mail (reset links, invitations, safeguarding alerts) through SMTP_URL, from MAIL_FROM (such as "TEC <office@tec.example.org>", an address the mail server may send as).`,
      )
    }
  }
  return {
    mailFrom: from === undefined ? DEVELOPMENT_MAIL_FROM : parseMailbox('MAIL_FROM', from),
    mailReplyTo: replyTo === undefined ? undefined : parseMailbox('MAIL_REPLY_TO', replyTo),
  }
}

function parseCount(name: string, value: string | undefined, fallback: number, min: number, max: number, unit: string): number {
  if (value === undefined) return fallback
  const count = Number(value)
  if (!/^\d+$/.test(value) || count < min || count > max) throw new ConfigError(`${name} is "${value}", but it must be a number of ${unit} from ${min} to ${max}.`)
  return count
}

function parseBackups(env: Env, cwd: string): Config['backups'] {
  const dir = read(env, 'BACKUP_DIR')
  const every = read(env, 'BACKUP_EVERY_HOURS')
  const keep = read(env, 'BACKUP_KEEP')
  if (dir === undefined && (every !== undefined || keep !== undefined)) {
    throw new ConfigError(`${every === undefined ? 'BACKUP_KEEP' : 'BACKUP_EVERY_HOURS'} is set, but BACKUP_DIR is not. Set BACKUP_DIR to the folder backups are written to (on another disk than DATA_DIR).`)
  }
  return {
    dir: dir === undefined ? undefined : path.resolve(cwd, dir),
    everyHours: parseCount('BACKUP_EVERY_HOURS', every, dir === undefined ? 0 : 24, 0, 720, 'hours (0 for no scheduled backups)'),
    keep: parseCount('BACKUP_KEEP', keep, 14, 1, 1000, 'backups'),
  }
}

/** The server needs every setting; a command-line tool (create-user) sends no mail and serves nothing. */
export type ConfigPurpose = 'server' | 'tool'

/** Reads every setting once, so a bad value stops the start instead of failing a request later. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd(), purpose: ConfigPurpose = 'server'): Config {
  const port = parsePort(read(env, 'PORT'))
  const nodeEnv = parseChoice('NODE_ENV', read(env, 'NODE_ENV'), NODE_ENVS, 'development')
  const webConcurrency = parseConcurrency(read(env, 'WEB_CONCURRENCY'), read(env, 'DATABASE_URL') !== undefined)
  return {
    port,
    host: parseHost(read(env, 'HOST'), nodeEnv),
    metricsToken: parseMetricsToken(read(env, 'METRICS_TOKEN')),
    dataDir: path.resolve(cwd, read(env, 'DATA_DIR') ?? './data'),
    databaseUrl: parseSecretUrl('DATABASE_URL', read(env, 'DATABASE_URL'), ['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/tec'),
    smtpUrl: parseSecretUrl('SMTP_URL', read(env, 'SMTP_URL'), ['smtp:', 'smtps:'], 'smtp://user:password@mail.example.org:587'),
    nodeEnv,
    publicUrl: parsePublicUrl(read(env, 'PUBLIC_URL'), port, nodeEnv, purpose),
    trustProxy: parseTrustProxy(read(env, 'TRUST_PROXY')),
    logLevel: parseChoice('LOG_LEVEL', read(env, 'LOG_LEVEL'), LOG_LEVELS, 'info'),
    publishEveryMs: parseInterval('SCHEDULED_PUBLISH_EVERY_MS', read(env, 'SCHEDULED_PUBLISH_EVERY_MS'), 30_000),
    reminders: { time: parseClockTime('LESSON_REMINDER_TIME', read(env, 'LESSON_REMINDER_TIME'), '17:00'), everyMs: parseInterval('LESSON_REMINDERS_EVERY_MS', read(env, 'LESSON_REMINDERS_EVERY_MS'), 300_000) },
    mailKeepSentDays: parseDays('MAIL_KEEP_SENT_DAYS', read(env, 'MAIL_KEEP_SENT_DAYS'), 30),
    shutdownDelayMs: parseDelay('SHUTDOWN_DELAY_MS', read(env, 'SHUTDOWN_DELAY_MS'), nodeEnv === 'production' ? 5000 : 0),
    webConcurrency,
    databasePoolMax: parsePoolMax(read(env, 'DATABASE_POOL_MAX'), webConcurrency),
    migrateOnStart: parseBoolean('MIGRATE_ON_START', read(env, 'MIGRATE_ON_START'), true),
    httpTimeouts: parseHttpTimeouts(env),
    adminSecondFactor: parseChoice('ADMIN_SECOND_FACTOR', read(env, 'ADMIN_SECOND_FACTOR'), ['required', 'optional'] as const, nodeEnv === 'production' ? 'required' : 'optional'),
    ...parseSecondFactorKeys(env, nodeEnv, purpose),
    ...parseMail(env, nodeEnv, purpose),
    backups: parseBackups(env, cwd),
  }
}
