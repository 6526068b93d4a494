import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { schoolEnrolment, subjectEnrolment, tutorApplication } from '../server/support/registration-bodies.ts'
import { demo, openInApp, startTestApp, type TestApp } from './support/app.ts'
import { signIn } from './support/staff.ts'

/**
 * Stored XSS: script and markup payloads are saved through every text field that a page displays (the
 * enrolment and tutor forms' free text, staff notes and reasons, names that become students and schools, the
 * signed-in user's name), then Chromium opens every page that shows them: the office's screens one after another
 * in one tab, as its links do (a payload's global would stay set), the public site's as visitors load them. No script
 * may run: no dialog, no console message from a payload, no global set; and each payload shows as the text it is.
 */
const PAYLOADS = [
  '<script>window.__xss = "script"; alert(1)</script>',
  '<img src=x onerror="window.__xss = \'img\'; alert(2)">',
  '"><svg onload="window.__xss = \'svg\'; alert(3)">',
  "<a href=\"javascript:window.__xss='href';alert(4)\">a link</a>",
  '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
  "</textarea><style>*{display:none}</style><script>window.__xss='textarea'</script>",
  "{{constructor.constructor('window.__xss = \"template\"')()}}",
  '<details open ontoggle="window.__xss=\'toggle\'">x</details>',
]

let app: TestApp
let adminToken: string
const registrationIds: string[] = []

let visitor = 0
async function api(method: string, path: string, body?: unknown, token?: string): Promise<Response> {
  visitor += 1
  return fetch(`${app.baseUrl}/api${path}`, {
    method,
    // Each submission from its own address: the forms' per-address throttle is not what this test is about.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.1.${visitor % 250}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'true' })
  const login = await api('POST', '/auth/login', { email: demo.admin.email, pass: demo.admin.password })
  adminToken = ((await login.json()) as { token: string }).token

  const references: string[] = []
  for (const [i, payload] of PAYLOADS.entries()) {
    const n = 9000 + i
    const forms = [
      [
        '/enrolments/subject',
        subjectEnrolment(n, {
          contact: { ...subjectEnrolment(n).contact, name: payload },
          student: { name: payload, yearGroup: 'year_10', school: payload },
          goals: payload,
          address: { line1: payload, town: 'Leeds', postcode: 'LS6 2AB' },
        }),
      ],
      ['/enrolments/school', schoolEnrolment(n, { school: { ...schoolEnrolment(n).school, name: payload }, notes: payload })],
      ['/tutor-applications', tutorApplication(n, { personal: { ...tutorApplication(n).personal, name: payload }, personalStatement: `${payload} `.repeat(3) })],
    ] as const
    for (const [path, body] of forms) {
      const answer = await api('POST', path, body)
      expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(201)
      references.push(((await answer.json()) as { reference: string }).reference)
    }
  }
  for (const reference of references) {
    const found = (await (await api('GET', `/admin/registrations?q=${reference}`, undefined, adminToken)).json()) as { items: { id: string }[] }
    registrationIds.push(found.items[0]!.id)
  }
  // Staff text: a note and a rejection reason on some, acceptance (a student, a school) on others.
  for (const [i, id] of registrationIds.entries()) {
    const payload = PAYLOADS[i % PAYLOADS.length]!
    expect((await api('POST', `/admin/registrations/${id}/notes`, { note: payload }, adminToken)).status).toBe(200)
    if (i % 3 === 2) expect((await api('POST', `/admin/registrations/${id}/status`, { status: 'rejected', reason: payload }, adminToken)).status).toBe(200)
    else expect((await api('POST', `/admin/registrations/${id}/accept`, {}, adminToken)).status).toBe(200)
  }
  expect((await api('PATCH', '/auth/me', { name: PAYLOADS[0] }, adminToken)).status).toBe(200)
})
afterAll(async () => {
  await app?.stop()
})

/** Anything a payload did in any of the admin's tabs: a dialog, or a console message that names it. */
const ran: string[] = []
let admin: BrowserContext | undefined

/**
 * A tab of the signed-in admin's browser, which records anything a payload could do from before the first page
 * loads. The first call signs in; each later one is a new tab of that browser, on /admin.
 */
async function adminPage(): Promise<Page> {
  const known = admin
  admin ??= await app.newContext()
  if (known === undefined) {
    admin.on('dialog', (dialog) => {
      ran.push(`dialog: ${dialog.message()}`)
      void dialog.dismiss()
    })
    admin.on('console', (message) => {
      if (/xss|alert/i.test(message.text())) ran.push(`console: ${message.text()}`)
    })
  }
  const page = await admin.newPage()
  if (known === undefined) await signIn(page, demo.admin)
  else await page.goto('/admin')
  return page
}

async function expectNothingRan(page: Page, where: string) {
  // A payload's handler (onerror, onload) would run once its image or frame has loaded or failed: wait until every
  // one has, then for one more turn of the page's event loop, in which such a handler's task would have run.
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      Array.from(document.images).every((image) => image.complete) &&
      Array.from(document.querySelectorAll('iframe')).every((frame) => frame.contentDocument === null || frame.contentDocument.readyState === 'complete'),
  )
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
  const global = await page.evaluate(() => (window as { __xss?: unknown }).__xss)
  expect({ where, ran, global }).toEqual({ where, ran: [], global: undefined })
}

test('no payload runs on the lists that show them', async () => {
  const page = await adminPage()
  for (const path of ['/admin', '/admin/registrations', '/admin/registrations?status=rejected', '/admin/students', '/admin/schools']) {
    await openInApp(page, path)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await expectNothingRan(page, path)
  }
  // Shown as text: the first payload is the admin's own name in the header, and a student's name in the list.
  await openInApp(page, '/admin/students')
  await page.getByText(PAYLOADS[0]!, { exact: true }).first().waitFor()
  await page.close()
})

test('no payload runs on any registration page, and each shows as text', async () => {
  const page = await adminPage()
  for (const [i, id] of registrationIds.entries()) {
    await openInApp(page, `/admin/registrations/${id}`)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.getByText(PAYLOADS[i % PAYLOADS.length]!, { exact: true }).first().waitFor()
    await expectNothingRan(page, `/admin/registrations/${id}`)
  }
  await page.close()
})

/** The payloads through the office's content editors: posts (every field, the body also pasted into the editor) and pages. */
test('no payload runs through the blog editor or the site’s pages, on the office’s screens or the public site', { timeout: 180_000 }, async () => {
  const library = (await (await api('GET', '/admin/media?ready=true&pageSize=1', undefined, adminToken)).json()) as { items: { id: string }[] }
  const coverId = library.items[0]!.id
  const posts: { id: string; slug: string }[] = []
  for (const [i, payload] of PAYLOADS.entries()) {
    const slug = `hostile-post-${i}`
    const fields = { title: payload, slug, excerpt: payload, bodyHtml: `<p>The post ${i}: ${payload}</p>${payload}`, coverId, authorName: payload, seoTitle: payload.slice(0, 70), seoDescription: payload.slice(0, 160) }
    const created = await api('POST', '/admin/blog-posts', fields, adminToken)
    expect(created.status, await created.clone().text()).toBe(201)
    const post = (await created.json()) as { id: string; version: number }
    const published = await fetch(`${app.baseUrl}/api/admin/blog-posts/${post.id}/status`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}`, 'if-match': `"${post.version}"` },
      body: JSON.stringify({ status: 'published' }),
    })
    expect(published.status, await published.clone().text()).toBe(200)
    posts.push({ id: post.id, slug })
  }
  const pageRecord = (await (await api('GET', '/admin/pages/terms-of-use', undefined, adminToken)).json()) as { version: number }
  const savedPage = await fetch(`${app.baseUrl}/api/admin/pages/terms-of-use`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}`, 'if-match': `"${pageRecord.version}"` },
    body: JSON.stringify({ title: 'Terms of use', bodyHtml: `<p>Terms.</p>${PAYLOADS.join('')}` }),
  })
  expect(savedPage.status).toBe(200)

  const page = await adminPage()
  // The body pasted into the editor as a browser would paste copied HTML: the editor keeps only what it knows, and
  // the server sanitises what it is sent.
  const first = posts[0]!
  await openInApp(page, `/admin/blogs/${first.id}/edit`)
  const body = page.getByRole('textbox', { name: 'Text of the post' })
  await body.click()
  await body.evaluate((element, html) => {
    const data = new DataTransfer()
    data.setData('text/html', html)
    data.setData('text/plain', html)
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, PAYLOADS.join('<br>'))
  await page.getByRole('button', { name: 'Save the changes' }).click()
  await page.getByText('The changes have been saved').waitFor()
  await expectNothingRan(page, 'the post editor after a paste')

  for (const path of ['/admin/blogs', ...posts.flatMap((post) => [`/admin/blogs/${post.id}`, `/admin/blogs/${post.id}/edit`, `/admin/blogs/${post.id}/preview`])]) {
    await openInApp(page, path)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await expectNothingRan(page, path)
  }
  // The public site's pages load as a visitor's would: rendered by the server, then taken over by the app.
  for (const path of ['/blog', '/terms-of-use', ...posts.map((post) => `/blog/${post.slug}`)]) {
    await page.goto(path)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.waitForLoadState('networkidle')
    await expectNothingRan(page, path)
  }
  // Shown as the text it is: a title on its page.
  await page.goto(`/blog/${posts[1]!.slug}`)
  await page.getByRole('heading', { name: PAYLOADS[1]!, level: 1 }).waitFor()
  await page.close()
})
