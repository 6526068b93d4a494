import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession, revokeSession } from '../../server/auth/sessions.ts'
import { contract } from '../../server/contract/document.ts'
import { endFamilyLinksOf, issueFamilyLink } from '../../server/family/links.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

/**
 * Who may call what, generated from openapi.yaml: every operation is called as each kind of caller, and the
 * answer must be exactly what its `x-roles` declares, with the security headers on every answer. An operation added to the contract later is covered
 * here without a new test; one without `x-roles` cannot even be loaded (server/contract/document.ts).
 */
const { operations } = contract()
const DAY_MS = 24 * 60 * 60 * 1000

/** 'ADMIN' is a designated safeguarding lead; 'ADMIN (not a lead)' is refused what `x-safeguarding-lead` keeps to leads. */
type Caller =
  | 'anonymous'
  | 'malformed token'
  | 'unknown token'
  | 'expired token'
  | 'revoked token'
  | 'TUTOR'
  | 'ADMIN'
  | 'ADMIN (not a lead)'
  | 'FAMILY'
  | 'expired family link'
  | 'ended family link'
const callers: Caller[] = [
  'anonymous',
  'malformed token',
  'unknown token',
  'expired token',
  'revoked token',
  'TUTOR',
  'ADMIN',
  'ADMIN (not a lead)',
  'FAMILY',
  'expired family link',
  'ended family link',
]
const familyCallers = new Set<Caller>(['FAMILY', 'expired family link', 'ended family link'])

let t: TestApp
const userIds: Record<'TUTOR' | 'ADMIN' | 'ADMIN (not a lead)', string> = { TUTOR: '', ADMIN: '', 'ADMIN (not a lead)': '' }

beforeAll(async () => {
  t = await createTestApp()
  userIds.TUTOR = (await t.createUser({ email: 'matrix-tutor@tec.test', role: 'TUTOR' })).id
  userIds.ADMIN = (await t.createUser({ email: 'matrix-admin@tec.test', role: 'ADMIN', safeguardingLead: true })).id
  userIds['ADMIN (not a lead)'] = (await t.createUser({ email: 'matrix-admin-not-lead@tec.test', role: 'ADMIN', safeguardingLead: false })).id
})
afterAll(async () => t?.close())

const origin = { ip: '192.0.2.10', userAgent: 'matrix' }

/** A family link for the caller: one that works, one past its 30 days, one the office ended. */
async function familyLinkFor(caller: Caller): Promise<string> {
  const db = t.database.db
  const link = await issueFamilyLink(db, 'matrix-family@example.org', caller === 'expired family link' ? new Date(Date.now() - 31 * DAY_MS) : new Date())
  if (caller === 'ended family link') await endFamilyLinksOf(db, 'matrix-family@example.org')
  return link
}

/** A token for the caller, made fresh for each call so that logout or a password change cannot spoil the next one. */
async function tokenFor(caller: Caller): Promise<string | undefined> {
  const db = t.database.db
  switch (caller) {
    case 'FAMILY':
    case 'expired family link':
    case 'ended family link':
      return undefined
    case 'anonymous':
      return undefined
    case 'malformed token':
      return 'not a token'
    case 'unknown token':
      return 'A'.repeat(43)
    case 'expired token':
      return (await createSession(db, userIds.ADMIN, true, origin, new Date(Date.now() - 60 * DAY_MS))).token
    case 'revoked token': {
      const session = await createSession(db, userIds.ADMIN, true, origin)
      await revokeSession(db, session.id)
      return session.token
    }
    case 'TUTOR':
    case 'ADMIN':
    case 'ADMIN (not a lead)':
      return (await createSession(db, userIds[caller], true, origin)).token
  }
}

/**
 * What the contract says this caller must get: let through (any declared answer but 401/403), 401 or 403. An admin
 * who is not a safeguarding lead gets what an admin gets, but 403 for `x-safeguarding-lead` operations.
 */
function expected(operation: { roles: string[]; safeguardingLead: boolean }, caller: Caller): 'through' | 401 | 403 {
  const { roles } = operation
  if (roles.length === 0) return 'through'
  // The family page knows one caller, a working family link; a family link opens nothing else.
  if (roles.includes('FAMILY')) return caller === 'FAMILY' ? 'through' : 401
  if (familyCallers.has(caller)) return 401
  if (caller === 'ADMIN (not a lead)') return operation.safeguardingLead ? 403 : expected(operation, 'ADMIN')
  if (caller === 'TUTOR' || caller === 'ADMIN') return roles.includes(caller) ? 'through' : 403
  return 401
}

const cases = operations.flatMap((operation) => callers.map((caller) => [operation.operationId, caller, operation] as const))
let ipCounter = 0

describe('the authorisation matrix from openapi.yaml', () => {
  it('covers every operation, each with its roles declared', () => {
    expect(operations.length).toBeGreaterThan(10)
    // The need-to-know rows: at least the concerns themselves are for the safeguarding leads alone.
    expect(operations.filter((operation) => operation.safeguardingLead).map((operation) => operation.operationId)).toEqual(
      expect.arrayContaining(['listSafeguardingConcerns', 'getSafeguardingConcern', 'changeSafeguardingConcernStatus', 'changeStaffSafeguardingLead']),
    )
    for (const operation of operations) {
      expect(operation.roles.every((role) => role === 'ADMIN' || role === 'TUTOR') || operation.roles.join() === 'FAMILY', operation.operationId).toBe(true)
      if (operation.roles.length > 0) {
        expect([...operation.responses.keys()], `${operation.operationId} must declare 401`).toContain(401)
        if (operation.roles.length < 2 && !operation.roles.includes('FAMILY')) expect([...operation.responses.keys()], `${operation.operationId} must declare 403`).toContain(403)
      }
    }
  })

  it.each(cases)('%s as %s', async (_id, caller, operation) => {
    const url = `/api${operation.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`
    const token = await tokenFor(caller)
    const headers: Record<string, string> = familyCallers.has(caller) ? { 'x-family-link': await familyLinkFor(caller) } : {}
    // Each call from its own address, so the matrix never meets a rate limit instead of the rule it checks.
    ipCounter += 1
    const ip = `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
    const body = operation.requestBody ? {} : undefined
    const answer = await t.request(operation.method.toUpperCase(), url, { token, ip, body, headers })
    // Whatever the answer, it carries the headers SECURITY.md asks of every API answer.
    const header = (name: string) => answer.headers.get(name) ?? ''
    expect(header('content-security-policy')).toMatch(/(script-src 'self'|default-src 'none')/)
    expect(header('content-security-policy')).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(header('x-content-type-options')).toBe('nosniff')
    expect(header('x-frame-options')).toBe('DENY')
    expect(header('referrer-policy')).toBe('no-referrer')
    const shareable = operation.cacheControl !== undefined && ((answer.status >= 200 && answer.status < 300) || answer.status === 304)
    expect(header('cache-control'), `${operation.operationId} ${answer.status}`).toBe(shareable ? operation.cacheControl : 'no-store')

    const rule = expected(operation, caller)
    if (rule === 'through') {
      expect(answer.status, `${operation.operationId} as ${caller}: ${answer.text}`).not.toBe(401)
      expect(answer.status, `${operation.operationId} as ${caller}: ${answer.text}`).not.toBe(403)
    } else {
      expect(answer.status, `${operation.operationId} as ${caller}`).toBe(rule)
      expect(Object.keys(answer.body)).toEqual(['message'])
      // The need-to-know refusal says why, so the admin knows whom to ask rather than thinking something broke.
      if (caller === 'ADMIN (not a lead)' && operation.safeguardingLead) expect(answer.body.message).toBe('Only the designated safeguarding leads can see safeguarding concerns and who opened a record, or give the safeguarding lead mark. Ask one of them if you need to know.')
    }
  })
})

/**
 * Admins held to the second sign-in step (ADMIN_SECOND_FACTOR=required): an admin who has not set it up is refused
 * every ADMIN operation with the reason, except those marked `x-before-second-factor` (their own account, sessions
 * and the set-up), which let them through.
 */
describe('an admin who must still set up the second step', () => {
  let strict: TestApp
  let dueAdmin = ''
  beforeAll(async () => {
    strict = await createTestApp({ env: { ADMIN_SECOND_FACTOR: 'required' } })
    dueAdmin = (await strict.createUser({ email: 'matrix-due-admin@tec.test', role: 'ADMIN' })).id
  })
  afterAll(async () => strict?.close())

  const adminOperations = operations.filter((operation) => operation.roles.includes('ADMIN'))
  it.each(adminOperations.map((operation) => [operation.operationId, operation] as const))('%s', async (_id, operation) => {
    const url = `/api${operation.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')}`
    const token = (await createSession(strict.database.db, dueAdmin, true, origin)).token
    ipCounter += 1
    const ip = `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`
    const answer = await strict.request(operation.method.toUpperCase(), url, { token, ip, body: operation.requestBody ? {} : undefined })
    if (operation.beforeSecondFactor) {
      expect(answer.status, `${operation.operationId}: ${answer.text}`).not.toBe(401)
      expect(answer.status, `${operation.operationId}: ${answer.text}`).not.toBe(403)
    } else {
      expect(answer.status, operation.operationId).toBe(403)
      expect(answer.body).toEqual({ message: 'Set up the second sign-in step (a code from an authenticator app) before using the admin area. /admin shows how.' })
    }
  })
})

/**
 * Ownership rows: a tutor reads only the learners placed with them now. Every TUTOR operation about one learner is
 * called for a learner of theirs (let through), another tutor's learner and a learner whose placement with them
 * ended: both answer exactly as a learner who does not exist.
 */
const learnerOperations = operations.filter((operation) => operation.roles.join() === 'TUTOR' && operation.path.includes('{studentId}'))

/** A valid body for each TUTOR operation on one lesson, so the answer is about the lesson and not the body. */
const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10)
const lessonBodies: Record<string, unknown> = {
  moveLesson: { date: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10), startTime: '10:00' },
  cancelLesson: { cancelledBy: 'tutor', reason: 'Matrix' },
  markLessonMissed: {},
  saveLessonReportDraft: { covered: 'Matrix' },
  submitLessonReport: { attendance: [{ studentId: '00000000-0000-4000-8000-000000000000', attendance: 'present' }], covered: 'Matrix', progress: 'Matrix' },
}
const lessonOperations = operations.filter((operation) => operation.roles.join() === 'TUTOR' && operation.path.includes('{lessonId}'))

describe('the ownership rows', () => {
  const learners = { mine: '', theirs: '', ended: '' }
  const lessonsOf = { mine: '', theirs: '' }
  let otherToken = ''
  const missing = '00000000-0000-4000-8000-000000000000'

  beforeAll(async () => {
    const admin = (await createSession(t.database.db, userIds.ADMIN, true, origin)).token
    const call = async <T extends object>(method: string, url: string, body: unknown, headers: Record<string, string> = {}) => {
      const answer = await t.request<T & { id: string; version: number }>(method, url, { token: admin, body, headers })
      expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(300)
      return answer.body
    }
    const other = await t.createUser({ email: 'matrix-other-tutor@tec.test', role: 'TUTOR' })
    for (const tutorId of [userIds.TUTOR, other.id]) {
      await call('POST', `/api/admin/tutors/${tutorId}/checks`, { type: 'enhanced_barred', reference: `MATRIX-${tutorId.slice(0, 6)}`, issuedOn: '2026-01-05' })
      await call('PUT', `/api/admin/tutors/${tutorId}`, { name: 'Matrix Tutor', subjects: ['Maths'], levels: [], modes: ['online'] }, { 'if-match': '"1"' })
    }
    const student = (name: string) =>
      call('POST', '/api/admin/students', {
        name,
        contact: { name: 'Matrix Parent', email: 'matrix.parent@example.org', phone: '07700 900000' },
        subjects: ['Maths'],
        deliveryMode: 'online',
        status: 'waiting',
      })
    const placing = (studentId: string, tutorId: string) =>
      call('POST', '/api/admin/placements', { studentId, tutorId, subject: 'Maths', mode: 'online', startsOn: '2026-01-12', frequency: 'weekly' })
    learners.mine = (await student('Matrix Mine')).id
    learners.theirs = (await student('Matrix Theirs')).id
    learners.ended = (await student('Matrix Ended')).id
    const minePlacement = await placing(learners.mine, userIds.TUTOR)
    const theirPlacement = await placing(learners.theirs, other.id)
    const ended = await placing(learners.ended, userIds.TUTOR)
    await call('POST', `/api/admin/placements/${ended.id}/end`, { reason: 'Matrix' }, { 'if-match': `"${ended.version}"` })
    // A lesson taught yesterday for each tutor, awaiting its report, so every lesson operation has something to act on.
    const plan = async (token: string, placementId: string) => {
      const answer = await t.request<{ items: { id: string }[] }>('POST', '/api/tutor/lessons', { token, body: { placementIds: [placementId], date: yesterday, startTime: '10:00', minutes: 60 } })
      expect(answer.status, answer.text).toBe(201)
      return answer.body.items[0]?.id ?? ''
    }
    otherToken = (await createSession(t.database.db, other.id, true, origin)).token
    lessonsOf.mine = await plan((await createSession(t.database.db, userIds.TUTOR, true, origin)).token, minePlacement.id)
    lessonsOf.theirs = await plan(otherToken, theirPlacement.id)
  })

  it('has ownership rows to check', () => {
    expect(learnerOperations.map((operation) => operation.operationId)).toContain('getMyLearner')
  })

  it.each(learnerOperations.map((operation) => [operation.operationId, operation] as const))('%s: only the tutor’s own learner', async (_id, operation) => {
    const token = (await createSession(t.database.db, userIds.TUTOR, true, origin)).token
    const ask = (studentId: string) => t.request(operation.method.toUpperCase(), `/api${operation.path.replace('{studentId}', studentId)}`, { token })
    expect((await ask(learners.mine)).status).toBe(200)
    const notFound = await ask(missing)
    expect(notFound.status).toBe(404)
    for (const other of [learners.theirs, learners.ended]) {
      const answer = await ask(other)
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual(notFound.body)
    }
  })

  it('has a lesson ownership row for every tutor operation on a lesson', () => {
    expect(lessonOperations.map((operation) => operation.operationId).sort()).toEqual(['getMyLesson', ...Object.keys(lessonBodies)].sort())
  })

  it.each(lessonOperations.map((operation) => [operation.operationId, operation] as const))('%s: only the tutor’s own lesson', async (_id, operation) => {
    const token = (await createSession(t.database.db, userIds.TUTOR, true, origin)).token
    const ask = (lessonId: string) =>
      t.request(operation.method.toUpperCase(), `/api${operation.path.replace('{lessonId}', lessonId)}`, { token, body: lessonBodies[operation.operationId], headers: { 'if-match': '"1"' } })
    const notFound = await ask(missing)
    expect(notFound.status).toBe(404)
    const theirs = await ask(lessonsOf.theirs)
    expect(theirs.status).toBe(404)
    expect(theirs.body).toEqual(notFound.body)
    if (operation.method === 'get') expect((await ask(lessonsOf.mine)).status).toBe(200)
    // The other tutor's lesson is as it was.
    const kept = await t.request<{ lesson: { version: number; status: string } }>('GET', `/api/tutor/lessons/${lessonsOf.theirs}`, { token: otherToken })
    expect(kept.body.lesson).toMatchObject({ version: 1, status: 'awaiting_report' })
  })
})
