import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Schemas = components['schemas']

let t: TestApp
let admin: string
let tutor: string

beforeAll(async () => {
  t = await createTestApp()
  await t.database.db.transaction((tx) => seedDemoContent(tx))
  await t.createUser({ email: 'office@tec.test', role: 'ADMIN', name: 'Olu Office' })
  await t.createUser({ email: 'tutor@tec.test', role: 'TUTOR' })
  admin = await t.login('office@tec.test')
  tutor = await t.login('tutor@tec.test')
})
afterAll(async () => t?.close())

const put = <T extends object>(path: string, body: unknown, version: number, token = admin) =>
  t.request<T & Schemas['Error']>('PUT', `/api/admin${path}`, { body, token, headers: { 'if-match': `"${version}"` } })

describe('site details', () => {
  it('the office changes the contact details, hours, social links and figures; visitors read them at once', async () => {
    const record = await t.request<Schemas['SiteSettingsRecord']>('GET', '/api/admin/site-settings', { token: admin })
    expect(record.status).toBe(200)
    const settings: Schemas['SiteSettingsInput'] = {
      ...record.body.settings,
      phone: '0113 496 0000',
      openingHours: 'Monday to Friday, 8:30 to 18:00',
      figures: [{ label: 'Learners this year', value: '2,600' }],
      socialLinks: [{ network: 'linkedin', url: 'https://www.linkedin.com/company/tec-example' }],
    }
    const saved = await put<Schemas['SiteSettingsRecord']>('/site-settings', settings, record.body.version)
    expect(saved.status).toBe(200)
    expect(saved.body.version).toBe(record.body.version + 1)
    expect(saved.body.updatedBy?.name).toBe('Olu Office')
    const shown = await t.request<Schemas['SiteSettings']>('GET', '/api/site-settings')
    expect(shown.body).toMatchObject({ phone: '0113 496 0000', openingHours: 'Monday to Friday, 8:30 to 18:00', figures: settings.figures, socialLinks: settings.socialLinks })

    // A second editor with the old version is refused, and nothing changes.
    expect((await put('/site-settings', { ...settings, phone: '0113 000 0000' }, record.body.version)).status).toBe(409)
    expect((await t.request<Schemas['SiteSettings']>('GET', '/api/site-settings')).body.phone).toBe('0113 496 0000')
  })

  it('refuses bad details with a message at each field', async () => {
    const record = await t.request<Schemas['SiteSettingsRecord']>('GET', '/api/admin/site-settings', { token: admin })
    const bad = await put('/site-settings', { ...record.body.settings, email: 'not an email', addressLines: [], socialLinks: [{ network: 'x', url: 'http://x.com/tec' }] }, record.body.version)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields ?? {})).toEqual(expect.arrayContaining(['email', 'addressLines', 'socialLinks.0.url']))
  })
})

describe('the site’s own pages', () => {
  it('each page has its text from the first day, at its own public address', async () => {
    const list = await t.request<Schemas['SitePageRecordList']>('GET', '/api/admin/pages', { token: admin })
    expect(list.body.items.map((page) => [page.slug, page.publicPath, page.fields.title])).toEqual([
      ['privacy-notice', '/privacy-notice', 'Privacy notice'],
      ['safeguarding-policy', '/safeguarding-policy', 'Safeguarding policy'],
      ['terms-of-use', '/terms-of-use', 'Terms of use'],
    ])
    const page = await t.request<Schemas['SitePage']>('GET', '/api/pages/privacy-notice')
    expect(page.status).toBe(200)
    expect(page.body.bodyHtml).toContain('<h2>Your rights</h2>')
    expect((await t.request('GET', '/api/pages/cookie-policy')).status).toBe(400)
  })

  it('the office edits the privacy notice: sanitised, shown to visitors at once, a stale save refused', async () => {
    const record = await t.request<Schemas['SitePageRecord']>('GET', '/api/admin/pages/privacy-notice', { token: admin })
    const body = '<h2>Who we are</h2><p>TEC, <a href="mailto:privacy@tec.example">privacy@tec.example</a>.</p><script>alert(1)</script><p onclick="x()">Read on.</p>'
    const saved = await put<Schemas['SitePageRecord']>('/pages/privacy-notice', { title: 'Privacy notice', bodyHtml: body }, record.body.version)
    expect(saved.status).toBe(200)
    expect(saved.body.fields.bodyHtml).toBe('<h2>Who we are</h2><p>TEC, <a href="mailto:privacy@tec.example">privacy@tec.example</a>.</p><p>Read on.</p>')
    const shown = await t.request<Schemas['SitePage']>('GET', '/api/pages/privacy-notice')
    expect(shown.body.bodyHtml).toContain('<h2>Who we are</h2>')
    expect(shown.body.updatedAt).toBe(saved.body.updatedAt)

    expect((await put('/pages/privacy-notice', { title: 'Privacy', bodyHtml: '<p>Other</p>' }, record.body.version)).status).toBe(409)
    const empty = await put('/pages/privacy-notice', { title: 'Privacy notice', bodyHtml: '<p> </p><script>x</script>' }, saved.body.version)
    expect(empty.status).toBe(400)
    expect(empty.body.fields?.bodyHtml).toBe('Write the page’s text.')
  })

  it('is for the office only', async () => {
    expect((await t.request('GET', '/api/admin/site-settings', { token: tutor })).status).toBe(403)
    expect((await t.request('GET', '/api/admin/pages')).status).toBe(401)
    expect((await put('/pages/terms-of-use', { title: 'x', bodyHtml: '<p>x</p>' }, 1, tutor)).status).toBe(403)
  })
})
