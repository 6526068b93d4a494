import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, poolMaxFor } from '../../server/config.ts'

/** A key of the right size, as `randomBytes(32).toString('base64')` makes one. */
const KEY = Buffer.alloc(32, 3).toString('base64')

/** What production needs to send mail; the tests of other settings give it. */
const PRODUCTION_MAIL = { SMTP_URL: 'smtp://mail.example.org:587', MAIL_FROM: 'TEC <office@tec.example.org>' }

describe('settings', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/tec')
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: '/srv/tec/data', nodeEnv: 'development', publicUrl: 'http://localhost:3000', trustProxy: { kind: 'none' }, logLevel: 'info' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.smtpUrl).toBeUndefined()
    expect(config.webConcurrency).toBe(1)
  })

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: '/var/tec',
      DATABASE_URL: 'postgresql://u:p@db:5432/tec',
      SMTP_URL: 'smtps://u:p@mail:465',
      MAIL_FROM: 'TEC Office <office@tec.example.org>',
      MAIL_REPLY_TO: 'help@tec.example.org',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://tec.example.org/',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'silent',
      HOST: '10.0.0.5',
      WEB_CONCURRENCY: '4',
      ADMIN_SECOND_FACTOR: 'optional',
      SECOND_FACTOR_KEY: KEY,
    })
    expect(config).toMatchObject({
      port: 0,
      host: '10.0.0.5',
      dataDir: '/var/tec',
      nodeEnv: 'production',
      publicUrl: 'https://tec.example.org',
      trustProxy: { kind: 'hops', hops: 1 },
      logLevel: 'silent',
      webConcurrency: 4,
      adminSecondFactor: 'optional',
      mailFrom: 'TEC Office <office@tec.example.org>',
      mailReplyTo: 'help@tec.example.org',
    })
    expect(config.secondFactorKey).toEqual(Buffer.from(KEY, 'base64'))
  })

  it('holds admins to the second sign-in step by default in production only, and needs its key there', () => {
    expect(loadConfig({}).adminSecondFactor).toBe('optional')
    expect(loadConfig({ ...PRODUCTION_MAIL, NODE_ENV: 'production', PUBLIC_URL: 'https://tec.example.org', SECOND_FACTOR_KEY: KEY }).adminSecondFactor).toBe('required')
    expect(loadConfig({ ADMIN_SECOND_FACTOR: 'required' }).adminSecondFactor).toBe('required')
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://tec.example.org' })).toThrow(
      /^SECOND_FACTOR_KEY is not set\. In production it must be 32 random bytes in base64, which encrypt the staff's authenticator secrets\. Make one with: node -e/,
    )
    // Outside production a development key stands in; a command-line tool needs none.
    expect(loadConfig({}).secondFactorKey).toHaveLength(32)
    expect(loadConfig({ NODE_ENV: 'production' }, '/srv/tec', 'tool').secondFactorKey).toHaveLength(32)
  })

  it('takes the previous second-step key while rotating, and refuses one that is not a key or is the same key', () => {
    const previous = Buffer.alloc(32, 4).toString('base64')
    expect(loadConfig({}).previousSecondFactorKey).toBeUndefined()
    expect(loadConfig({ SECOND_FACTOR_KEY: KEY, SECOND_FACTOR_PREVIOUS_KEY: previous }).previousSecondFactorKey).toEqual(Buffer.from(previous, 'base64'))
    expect(() => loadConfig({ SECOND_FACTOR_KEY: KEY, SECOND_FACTOR_PREVIOUS_KEY: 'short' })).toThrow(/^SECOND_FACTOR_PREVIOUS_KEY must be 32 bytes in base64 \(44 characters\)\. Make one with/)
    expect(() => loadConfig({ SECOND_FACTOR_KEY: KEY, SECOND_FACTOR_PREVIOUS_KEY: KEY })).toThrow(
      'SECOND_FACTOR_PREVIOUS_KEY is the same as SECOND_FACTOR_KEY. While rotating, SECOND_FACTOR_KEY is the new key and SECOND_FACTOR_PREVIOUS_KEY the old one.',
    )
  })

  it('listens on loopback outside production unless HOST says otherwise, and on every interface in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ HOST: 'tec-web.internal' }).host).toBe('tec-web.internal')
    expect(loadConfig({ ...PRODUCTION_MAIL, NODE_ENV: 'production', PUBLIC_URL: 'https://tec.example.org', SECOND_FACTOR_KEY: KEY }).host).toBeUndefined()
  })

  it('requires SMTP_URL and MAIL_FROM in production, naming what is missing; elsewhere mail is kept and comes from a development address', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://tec.example.org', SECOND_FACTOR_KEY: KEY }
    expect(() => loadConfig(production)).toThrow(/^SMTP_URL and MAIL_FROM are not set\. In production the server sends mail/)
    expect(() => loadConfig({ ...production, SMTP_URL: 'smtp://mail:587' })).toThrow(/^MAIL_FROM is not set\./)
    expect(() => loadConfig({ ...production, MAIL_FROM: 'office@tec.example.org' })).toThrow(/^SMTP_URL is not set\./)
    expect(loadConfig({ ...production, ...PRODUCTION_MAIL })).toMatchObject({ mailFrom: PRODUCTION_MAIL.MAIL_FROM, mailReplyTo: undefined })
    expect(loadConfig({ NODE_ENV: 'production' }, '/srv/tec', 'tool').mailFrom).toBe('TEC <no-reply@tec.test>')
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: 'TEC <no-reply@tec.test>' })
    for (const odd of ['office', 'TEC <office>', 'x?bcc=a@b.org', 'TEC <a@b.org', 'a@b.org, c@d.org']) {
      expect(() => loadConfig({ MAIL_FROM: odd }), odd).toThrow(/^MAIL_FROM is ".*", but it must be an email address, alone or with a name/)
    }
    expect(() => loadConfig({ MAIL_REPLY_TO: 'help' })).toThrow(/^MAIL_REPLY_TO is "help"/)
    expect(loadConfig({ MAIL_FROM: 'Tuition & Care <office@tec.example.org>' }).mailFrom).toBe('Tuition & Care <office@tec.example.org>')
  })

  it('requires PUBLIC_URL in production, where mailed links are built on it; a command-line tool does without', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError)
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^PUBLIC_URL is not set\. In production it must be the address people use/)
    expect(loadConfig({ NODE_ENV: 'production' }, '/srv/tec', 'tool').publicUrl).toBe('http://localhost:3000')
  })

  it.each([
    [{ PORT: 'abc' }, /PORT is "abc".*0 to 65535/],
    [{ PORT: '70000' }, /PORT is "70000"/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV is "staging".*development, test, production/],
    [{ PUBLIC_URL: 'tec.example.org' }, /PUBLIC_URL is "tec.example.org".*http\(s\) origin/],
    [{ PUBLIC_URL: 'https://tec.example.org/app' }, /PUBLIC_URL .*no path/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY has "yes", which is not an IP address or range\. It must be true, false, a number of proxies/],
    [{ TRUST_PROXY: '0' }, /TRUST_PROXY is "0", but a number of proxies must be from 1 to 10/],
    [{ TRUST_PROXY: '10.0.0.0/8, 10.0.0.300, 2001:db8::/129' }, /TRUST_PROXY has "10\.0\.0\.300", "2001:db8::\/129", which is not/],
    [{ DATABASE_POOL_MAX: '0' }, /DATABASE_POOL_MAX is "0", but it must be a number of connections from 1 to 100/],
    [{ DATABASE_POOL_MAX: '101' }, /DATABASE_POOL_MAX is "101"/],
    [{ DATABASE_POOL_MAX: 'ten' }, /DATABASE_POOL_MAX is "ten"/],
    [{ MIGRATE_ON_START: 'no' }, /MIGRATE_ON_START is "no", but it must be true or false/],
    [{ KEEP_ALIVE_TIMEOUT_MS: '65s' }, /KEEP_ALIVE_TIMEOUT_MS is "65s", but it must be a number of milliseconds from 1000 to 600000/],
    [{ HEADERS_TIMEOUT_MS: '999' }, /HEADERS_TIMEOUT_MS is "999"/],
    [{ REQUEST_TIMEOUT_MS: '5000' }, /HEADERS_TIMEOUT_MS is 10000, longer than REQUEST_TIMEOUT_MS \(5000\)/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL is "loud"/],
    [{ HOST: 'every interface' }, /HOST is "every interface".*IP address or a host name/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL uses the scheme "http:".*smtp:\/\/ or smtps:\/\//],
    [{ WEB_CONCURRENCY: 'many', DATABASE_URL: 'postgres://db/tec' }, /WEB_CONCURRENCY is "many".*from 1 to 32/],
    [{ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/tec' }, /WEB_CONCURRENCY is "0"/],
    [{ WEB_CONCURRENCY: '2' }, /WEB_CONCURRENCY is 2, but several processes need PostgreSQL \(DATABASE_URL\)/],
    [{ ADMIN_SECOND_FACTOR: 'yes' }, /ADMIN_SECOND_FACTOR is "yes".*required, optional/],
    [{ SECOND_FACTOR_KEY: 'c2hvcnQ=' }, /SECOND_FACTOR_KEY must be 32 bytes in base64 \(44 characters\)/],
    [{ SECOND_FACTOR_KEY: 'not base64!' }, /SECOND_FACTOR_KEY must be 32 bytes in base64/],
    [{ BACKUP_EVERY_HOURS: '6' }, /BACKUP_EVERY_HOURS is set, but BACKUP_DIR is not/],
    [{ BACKUP_KEEP: '7' }, /BACKUP_KEEP is set, but BACKUP_DIR is not/],
    [{ BACKUP_DIR: '/backups', BACKUP_EVERY_HOURS: 'daily' }, /BACKUP_EVERY_HOURS is "daily", but it must be a number of hours \(0 for no scheduled backups\) from 0 to 720/],
    [{ BACKUP_DIR: '/backups', BACKUP_KEEP: '0' }, /BACKUP_KEEP is "0", but it must be a number of backups from 1 to 1000/],
  ])('refuses %o with a message naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it('shares about 20 pooled connections among a machine\'s processes (DATABASE_POOL_MAX by default), or takes the setting', () => {
    // 3 machines of 4 processes: 3 × 4 × (5 + 1 listener) = 72, under PostgreSQL's default max_connections of 100.
    expect([1, 2, 3, 4, 8, 10, 11, 32].map(poolMaxFor)).toEqual([10, 10, 6, 5, 2, 2, 2, 2])
    const postgres = { DATABASE_URL: 'postgres://db/tec' }
    expect(loadConfig({}).databasePoolMax).toBe(10)
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '4' }).databasePoolMax).toBe(5)
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '4', DATABASE_POOL_MAX: '12' }).databasePoolMax).toBe(12)
  })

  it('trusts no proxy by default, the nearest with true, a number of them in a row, or a list of their addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual({ kind: 'none' })
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ kind: 'hops', hops: 1 })
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 })
    const listed = loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 ,192.0.2.7, 2001:db8::/32, ::1' }).trustProxy
    if (listed.kind !== 'addresses') throw new Error(`expected addresses, got ${listed.kind}`)
    expect(listed.ranges).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1'])
    expect(['10.1.2.3', '192.0.2.7', '::ffff:10.9.9.9'].map((address) => listed.addresses.check(address, address.includes(':') ? 'ipv6' : 'ipv4'))).toEqual([true, true, true])
    expect(listed.addresses.check('2001:db8:1::5', 'ipv6')).toBe(true)
    expect(listed.addresses.check('192.0.2.8', 'ipv4')).toBe(false)
    expect(listed.addresses.check('2001:db9::1', 'ipv6')).toBe(false)
  })

  it('takes no scheduled backups without BACKUP_DIR; with it, one a day and the newest 14 kept, or as set', () => {
    expect(loadConfig({}, '/srv/tec').backups).toEqual({ dir: undefined, everyHours: 0, keep: 14 })
    expect(loadConfig({ BACKUP_DIR: 'backups' }, '/srv/tec').backups).toEqual({ dir: '/srv/tec/backups', everyHours: 24, keep: 14 })
    expect(loadConfig({ BACKUP_DIR: '/mnt/b', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '28' }).backups).toEqual({ dir: '/mnt/b', everyHours: 6, keep: 28 })
    expect(loadConfig({ BACKUP_DIR: '/mnt/b', BACKUP_EVERY_HOURS: '0' }).backups.everyHours).toBe(0)
  })

  it('reminds of tomorrow’s lessons from 17:00 London time every 5 minutes by default, at a time given, or never with off', () => {
    expect(loadConfig({}).reminders).toEqual({ time: '17:00', everyMs: 300_000 })
    expect(loadConfig({ LESSON_REMINDER_TIME: '08:30', LESSON_REMINDERS_EVERY_MS: '60000' }).reminders).toEqual({ time: '08:30', everyMs: 60_000 })
    expect(loadConfig({ LESSON_REMINDER_TIME: 'off' }).reminders.time).toBeNull()
    expect(() => loadConfig({ LESSON_REMINDER_TIME: '5pm' })).toThrow('LESSON_REMINDER_TIME is "5pm", but it must be a time of day in London as HH:MM, such as 17:00, or off.')
  })

  it('keeps idle connections longer than load balancers do, and cuts slow requests off as before', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({ keepAliveTimeout: 65_000, headersTimeout: 10_000, requestTimeout: 30_000 })
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '75000', HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '60000' }).httpTimeouts).toEqual({ keepAliveTimeout: 75_000, headersTimeout: 20_000, requestTimeout: 60_000 })
    expect(loadConfig({}).migrateOnStart).toBe(true)
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false)
  })

  it('takes a METRICS_TOKEN long enough not to be guessed, and refuses a short one without repeating it', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined()
    const token = 'x'.repeat(16) + 'Y'.repeat(16)
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token)
    for (const refused of ['s3cret-too-short', `${token} with spaces`]) {
      expect(() => loadConfig({ METRICS_TOKEN: refused })).toThrow(ConfigError)
      expect(() => loadConfig({ METRICS_TOKEN: refused })).toThrow(/^METRICS_TOKEN must be 32 to 512 letters, digits or/)
      expect(() => loadConfig({ METRICS_TOKEN: refused })).not.toThrow(/s3cret|with spaces/)
    }
  })

  it('never repeats a database or SMTP URL, which may hold a password', () => {
    for (const env of [{ DATABASE_URL: 'mysql://user:s3cret@db/tec' }, { DATABASE_URL: 'not a url s3cret' }, { SMTP_URL: 'smtp//user:s3cret@mail' }]) {
      let message = ''
      try {
        loadConfig(env)
      } catch (error) {
        message = (error as Error).message
      }
      expect(message).toMatch(/^(DATABASE_URL|SMTP_URL) /)
      expect(message).not.toContain('s3cret')
    }
  })
})
