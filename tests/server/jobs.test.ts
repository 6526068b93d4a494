import { eq, sql } from 'drizzle-orm'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { jobs, mailOutbox } from '../../server/db/schema.ts'
import { purgeFailedJobs } from '../../server/housekeeping.ts'
import { JOBS } from '../../server/lib/jobs.ts'
import { purgeMailBodies } from '../../server/mail/retention.ts'
import { createTestApp, rowsOf } from './support/test-app.ts'
import { jobRunners } from './support/job-runners.ts'
import { until } from './support/until.ts'

/**
 * The durable job mechanism (server/jobs): work stored with its time, run once across processes, retried, given up
 * visibly, and schedules that move on. Two Jobs instances on one database stand for two processes. (A slow job holding
 * back no other, which only PostgreSQL's several connections can show: jobs.postgres.test.ts.)
 */
describe('jobs', () => {
  const { app, runner, rowsOfKind } = jobRunners()

  it('runs each stored job exactly once, whichever of two processes claims it, and deletes it when done', async () => {
    const ran: number[] = []
    const [first, second] = [runner(), runner()]
    for (const one of [first, second]) one.define('count', (payload) => {
      ran.push(Number(payload.n))
      return Promise.resolve()
    })
    await app().database.db.transaction(async (tx) => {
      for (let n = 0; n < 25; n++) await first.enqueue(tx, 'count', { n })
    })
    await Promise.all([first.start(), second.start()])
    await until(
      () => rowsOfKind('count'),
      (rows) => rows.length === 0,
    )
    await Promise.all([first.idle(), second.idle()])
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, n) => n))
  })

  it('stores nothing when the transaction that asked for the job rolls back', async () => {
    const one = runner()
    await app().database.db
      .transaction(async (tx) => {
        await one.enqueue(tx, 'rolled-back', {})
        throw new Error('the change failed')
      })
      .catch(() => undefined)
    expect(await rowsOfKind('rolled-back')).toEqual([])
  })

  it('retries a failing job later with its error kept, and gives it up after the last attempt, for the operator to see', async () => {
    const one = runner()
    let calls = 0
    one.define('flaky', () => {
      calls += 1
      return Promise.reject(new Error('the mail server said no'))
    })
    await one.enqueue(app().database.db, 'flaky', { id: 'x' })
    await one.start()
    await one.idle()
    const [afterFirst] = await rowsOfKind('flaky')
    expect(afterFirst).toMatchObject({ state: 'pending', attempts: 1, lastError: 'the mail server said no' })
    // Waits 30 s before the second try, doubling.
    expect(afterFirst!.runAt.getTime() - Date.now()).toBeGreaterThan(JOBS.retryBaseMs - 5_000)
    for (let attempt = 2; attempt <= JOBS.maxAttempts; attempt++) {
      await app().database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.kind, 'flaky'))
      one.kick()
      await until(
        () => rowsOfKind('flaky'),
        (rows) => rows[0]?.attempts === attempt && rows[0].state !== 'running',
      )
    }
    const [given] = await rowsOfKind('flaky')
    // Kept for the operator with its kind and error, not with what its payload held.
    expect(given).toMatchObject({ state: 'failed', attempts: JOBS.maxAttempts, lastError: 'the mail server said no', payload: {} })
    expect(calls).toBe(JOBS.maxAttempts)
    // Kept for a month, then housekeeping deletes it.
    expect(await purgeFailedJobs(app().database.db, new Date(Date.now() + 29 * 86_400_000))).toBe(0)
    expect(await purgeFailedJobs(app().database.db, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1)
    expect(await rowsOfKind('flaky')).toEqual([])
  })

  it('claims again a job whose process died while running it (its lease ran out), and not one still held', async () => {
    const one = runner()
    const ran: string[] = []
    one.define('orphan', (payload) => {
      ran.push(String(payload.name))
      return Promise.resolve()
    })
    await app().database.db.insert(jobs).values([
      { kind: 'orphan', payload: { name: 'dead holder' }, state: 'running', attempts: 1, leaseUntil: new Date(Date.now() - 1000), runAt: new Date(Date.now() - 60_000) },
      { kind: 'orphan', payload: { name: 'live holder' }, state: 'running', attempts: 1, leaseUntil: new Date(Date.now() + 60_000), runAt: new Date(Date.now() - 60_000) },
    ])
    await one.start()
    await until(
      () => Promise.resolve(ran),
      (names) => names.length > 0,
    )
    await one.idle()
    expect(ran).toEqual(['dead holder'])
    expect((await rowsOfKind('orphan')).map((row) => row.payload)).toEqual([{ name: 'live holder' }])
  })

  it('leaves kinds it does not know to processes that do (an older build during a rolling deploy)', async () => {
    const one = runner()
    one.define('known', () => Promise.resolve())
    await app().database.db.insert(jobs).values({ kind: 'from-a-newer-build', payload: {} })
    await one.enqueue(app().database.db, 'known', {})
    await one.start()
    await until(
      () => rowsOfKind('known'),
      (rows) => rows.length === 0,
    )
    expect(await rowsOfKind('from-a-newer-build')).toHaveLength(1)
  })

  it('rolls back what a job wrote when the job cannot end with it, and retries it', async () => {
    const one = runner()
    let tries = 0
    one.define('writes-then-fails', async (_payload, { tx }) => {
      tries += 1
      await tx.insert(jobs).values({ kind: 'written-by-a-job', payload: { try: tries } })
      if (tries === 1) throw new Error('failed after writing')
    })
    await one.enqueue(app().database.db, 'writes-then-fails', {})
    await one.start()
    await one.idle()
    // The first run's write went with its failure; the job waits for its retry.
    expect(await rowsOfKind('written-by-a-job')).toEqual([])
    await app().database.db.update(jobs).set({ runAt: new Date(Date.now() - 1) }).where(eq(jobs.kind, 'writes-then-fails'))
    one.kick()
    await until(
      () => rowsOfKind('writes-then-fails'),
      (rows) => rows.length === 0,
    )
    expect((await rowsOfKind('written-by-a-job')).map((row) => row.payload)).toEqual([{ try: 2 }])
  })

  it('keeps a schedule’s stored time across a restart (no extra run), brings it nearer only when the interval shrank, and deletes a schedule turned off', async () => {
    const day = 24 * 3600_000
    const schedule = { key: 'daily-test', everyMs: day, firstInMs: 60_000, run: () => Promise.resolve() }
    const first = runner()
    first.every(schedule)
    await first.start()
    await first.stop()
    const in23Hours = new Date(Date.now() + 23 * 3600_000)
    await app().database.db.update(jobs).set({ runAt: in23Hours }).where(eq(jobs.key, 'daily-test'))
    const restarted = runner()
    restarted.every(schedule)
    await restarted.start()
    await restarted.stop()
    expect((await rowsOfKind('daily-test'))[0]?.runAt.getTime()).toBe(in23Hours.getTime())
    // A build whose interval is an hour brings the next run within the hour.
    const shorter = runner()
    shorter.every({ ...schedule, everyMs: 3600_000 })
    await shorter.start()
    await shorter.stop()
    expect((await rowsOfKind('daily-test'))[0]!.runAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000)
    // Turned off by the settings: the row goes, so no job-lag figure waits for it.
    const off = runner()
    off.forget('daily-test')
    await off.start()
    await off.stop()
    expect(await rowsOfKind('daily-test')).toEqual([])
  })

  it('runs a schedule once across processes per interval, moves it on after each run, and keeps one row for it', async () => {
    const runs: Date[] = []
    const schedule = { key: 'test-schedule', everyMs: 60_000, firstInMs: 0, run: (now: Date) => {
        runs.push(now)
        return Promise.resolve()
      } }
    const [first, second] = [runner(), runner()]
    first.every(schedule)
    second.every(schedule)
    await Promise.all([first.start(), second.start()])
    await until(
      () => rowsOfKind('test-schedule'),
      (rows) => rows[0]?.lastRunAt !== null && rows[0]?.state === 'pending',
    )
    await Promise.all([first.idle(), second.idle()])
    first.kick()
    second.kick()
    await Promise.all([first.idle(), second.idle()])
    expect(runs).toHaveLength(1)
    const rows = await rowsOfKind('test-schedule')
    expect(rows).toHaveLength(1)
    expect(rows[0]!.runAt.getTime() - runs[0]!.getTime()).toBe(60_000)
    // Due again: one more run, by one of them.
    await app().database.db.update(jobs).set({ runAt: new Date(Date.now() - 1) }).where(eq(jobs.key, 'test-schedule'))
    first.kick()
    second.kick()
    await until(
      () => Promise.resolve(runs),
      (all) => all.length === 2,
    )
    await Promise.all([first.idle(), second.idle()])
    expect(runs).toHaveLength(2)
  })

  it('a server stores every schedule once: housekeeping, lesson reminders, publishing, the purge of sent mail, the daily retention run, and backups on the embedded database', async () => {
    const backupDir = mkdtempSync(path.join(tmpdir(), 'tec-scheduled-backups-'))
    const app = await createTestApp({ schedules: true, env: { BACKUP_DIR: backupDir } })
    try {
      const keys = (await app.database.db.select({ key: jobs.key }).from(jobs)).map((row) => row.key).sort()
      const expected = ['housekeeping', 'lesson-reminders', 'publish-scheduled-posts', 'purge-sent-mail-bodies', 'retention']
      expect(keys).toEqual(app.database.kind === 'pglite' ? ['backup', ...expected] : expected)
    } finally {
      await app.close()
    }
    // With LESSON_REMINDER_TIME=off the reminders' schedule is not stored.
    const quiet = await createTestApp({ schedules: true, env: { LESSON_REMINDER_TIME: 'off' } })
    try {
      expect((await quiet.database.db.select({ key: jobs.key }).from(jobs)).map((row) => row.key)).not.toContain('lesson-reminders')
    } finally {
      await quiet.close()
    }
  })

  it('a reset mail asked for is a stored job before the answer, and mails the link at its time', async () => {
    await app().createUser({ email: 'job-reset@tec.test' })
    const answer = await app().request('POST', '/api/auth/forget-password', { body: { email: 'job-reset@tec.test' } })
    expect(answer.status).toBe(202)
    const [stored] = await rowsOfKind('password-reset-mail')
    expect(stored?.runAt.getTime()).toBeGreaterThan(Date.now())
    await app().deps.jobs.idle()
    expect(await rowsOfKind('password-reset-mail')).toEqual([])
    const mails = await app().database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'job-reset@tec.test'))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toMatch(/reset-password\?token=/)
  })

  it('empties sent mail bodies: at once for a sign-in or reset link, after the kept days for the rest', async () => {
    const sentAt = new Date(Date.now() - 3 * 86_400_000)
    await app().database.db.insert(mailOutbox).values([
      { to: 'keep@tec.test', subject: 'A placement', text: 'The lessons', html: '<p>The lessons</p>', status: 'sent', kind: 'placement_started', sentAt },
      { to: 'secret@tec.test', subject: 'Reset', text: 'https://tec.test/reset-password?token=abc', html: null, status: 'sent', kind: 'password_reset', carriesSecretLink: true, sentAt: new Date() },
      { to: 'waiting@tec.test', subject: 'Reset', text: 'https://tec.test/reset-password?token=def', html: null, status: 'pending', kind: 'password_reset', carriesSecretLink: true },
    ])
    const bodies = async () =>
      Object.fromEntries(
        (await rowsOf<{ to: string; text: string }>(app().database, sql`select "to", text from mail_outbox where "to" in ('keep@tec.test', 'secret@tec.test', 'waiting@tec.test')`)).map(
          (row) => [row.to, row.text],
        ),
      )
    expect(await purgeMailBodies(app().database.db, 30)).toBe(1)
    expect(await bodies()).toEqual({ 'keep@tec.test': 'The lessons', 'secret@tec.test': '', 'waiting@tec.test': 'https://tec.test/reset-password?token=def' })
    expect(await purgeMailBodies(app().database.db, 2)).toBe(1)
    expect(await bodies()).toEqual({ 'keep@tec.test': '', 'secret@tec.test': '', 'waiting@tec.test': 'https://tec.test/reset-password?token=def' })
    const [kept] = await app().database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'keep@tec.test'))
    expect(kept).toMatchObject({ subject: 'A placement', kind: 'placement_started', html: null })
    expect(kept!.bodyPurgedAt).not.toBeNull()
  })
})
