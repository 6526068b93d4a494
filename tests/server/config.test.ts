import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'

/** A key of the right size, as `randomBytes(32).toString('base64')` makes one. */
const KEY = Buffer.alloc(32, 3).toString('base64')

/** What production needs to send mail; the tests of other settings give it. */
const PRODUCTION_MAIL = { SMTP_URL: 'smtp://mail.example.org:587', MAIL_FROM: 'TEC <office@tec.example.org>' }

describe('settings', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/tec')
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: '/srv/tec/data', nodeEnv: 'development', publicUrl: 'http://localhost:3000', trustProxy: false, logLevel: 'info' })
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
      trustProxy: true,
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
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY is "yes".*true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL is "loud"/],
    [{ HOST: 'every interface' }, /HOST is "every interface".*IP address or a host name/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL uses the scheme "http:".*smtp:\/\/ or smtps:\/\//],
    [{ WEB_CONCURRENCY: 'many', DATABASE_URL: 'postgres://db/tec' }, /WEB_CONCURRENCY is "many".*from 1 to 32/],
    [{ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://db/tec' }, /WEB_CONCURRENCY is "0"/],
    [{ WEB_CONCURRENCY: '2' }, /WEB_CONCURRENCY is 2, but several processes need PostgreSQL \(DATABASE_URL\)/],
    [{ ADMIN_SECOND_FACTOR: 'yes' }, /ADMIN_SECOND_FACTOR is "yes".*required, optional/],
    [{ SECOND_FACTOR_KEY: 'c2hvcnQ=' }, /SECOND_FACTOR_KEY must be 32 bytes in base64 \(44 characters\)/],
    [{ SECOND_FACTOR_KEY: 'not base64!' }, /SECOND_FACTOR_KEY must be 32 bytes in base64/],
  ])('refuses %o with a message naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
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
