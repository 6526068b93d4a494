import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { SiteSettings, SitePage } from '@/api/site-settings'
import type { SitePageRecord, SiteSettingsRecord } from '@/api/site-settings-records'
import { admin, token } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }

const settings: SiteSettings = {
  organisationName: 'TEC',
  email: 'hello@tec.example',
  phone: '+44 20 7946 0321',
  addressLines: ['TEC Learning Centre', '12 Station Road', 'London'],
  openingHours: 'Monday to Friday, 9:00 to 17:30',
  figures: [
    { label: 'learners tutored this year', value: '1,200+' },
    { label: 'partner schools', value: '38' },
  ],
  socialLinks: [{ network: 'instagram', url: 'https://www.instagram.com/tec' }],
}

const settingsRecord: SiteSettingsRecord = {
  version: 4,
  settings,
  updatedAt: '2026-03-03T14:05:00.000Z',
  updatedBy: { id: admin.id, name: 'Ada Admin' },
}

const NEVER_SAVED = '1970-01-01T00:00:00.000Z'

const pageRecord = (slug: SitePageRecord['slug'], title: string, updatedAt = NEVER_SAVED): SitePageRecord => ({
  slug,
  version: 1,
  fields: { title, bodyHtml: `<p>${title} text.</p>` },
  publicPath: `/${slug}`,
  updatedAt,
})

describe('/admin/settings/site', () => {
  it('shows the saved details, and a figure the server refuses at that figure', async () => {
    const sent: unknown[] = []
    renderApp('/admin/settings/site', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/site-settings': () => json(200, settingsRecord),
        'PUT /admin/site-settings': async (request) => {
          sent.push({ ifMatch: request.headers.get('If-Match'), body: (await request.json()) as unknown })
          return json(400, { message: 'Check the highlighted fields.', fields: { 'figures.1.value': 'Use at most 20 characters.' } })
        },
      },
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Site details' })).toBeDefined()
    expect(screen.getByText(/Last changed/).textContent).toBe('Last changed 3 Mar 2026, 14:05 by Ada Admin')
    expect(screen.getByRole('link', { name: 'Site details' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Organisation name/ }).value).toBe('TEC')
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Address line 2/ }).value).toBe('12 Station Road')
    const second = screen.getByRole('group', { name: 'Figure 2' })
    expect(within(second).getByRole<HTMLInputElement>('textbox', { name: /^Number/ }).value).toBe('38')
    expect(within(second).getByRole<HTMLInputElement>('textbox', { name: /^What it counts/ }).value).toBe('partner schools')
    expect(screen.getByText(/show on the home and about pages/)).toBeDefined()
    const link = screen.getByRole('group', { name: 'Social link 1' })
    expect(within(link).getByRole<HTMLInputElement>('textbox', { name: /^Address of the page/ }).value).toBe('https://www.instagram.com/tec')

    // The second figure moves first, and the server's message about it follows it to its new place.
    await userEvent.click(within(second).getByRole('button', { name: 'Move figure 2 up' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save the site details' }))

    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ ifMatch: '"4"', body: { ...settings, figures: [settings.figures[1], settings.figures[0]] } })
    const moved = within(screen.getByRole('group', { name: 'Figure 2' })).getByRole('textbox', { name: /^Number/ })
    await waitFor(() => expect(moved.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Use at most 20 characters.')).toBeDefined()
  })

  it('asks for an https address before sending a social link', async () => {
    let asked = false
    renderApp('/admin/settings/site', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/site-settings': () => json(200, { ...settingsRecord, settings: { ...settings, socialLinks: [] } }),
        'PUT /admin/site-settings': () => {
          asked = true
          return json(200, settingsRecord)
        },
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Add a link' }))
    const link = screen.getByRole('group', { name: 'Social link 1' })
    const url = within(link).getByRole('textbox', { name: /^Address of the page/ })
    expect(document.activeElement).toBe(url)
    await userEvent.type(url, 'http://facebook.com/tec')
    await userEvent.click(screen.getByRole('button', { name: 'Save the site details' }))
    expect(await screen.findByText('Copy the page’s full address from the browser: it starts https://.')).toBeDefined()
    expect(asked).toBe(false)
  })
})

describe('/admin/settings/pages', () => {
  it('lists the three pages, each with its editor, its public address and its last change', async () => {
    renderApp('/admin/settings/pages', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/pages': () =>
          json(200, {
            items: [
              { ...pageRecord('privacy-notice', 'Privacy notice', '2026-03-03T14:05:00.000Z'), updatedBy: { id: admin.id, name: 'Ada Admin' } },
              pageRecord('safeguarding-policy', 'Safeguarding policy'),
              pageRecord('terms-of-use', 'Terms of use'),
            ],
          }),
      },
    })
    const table = await screen.findByRole('table', { name: 'Pages' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(within(rows[0]!).getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe('/admin/settings/pages/privacy-notice')
    expect(within(rows[1]!).getByRole('link', { name: 'Safeguarding policy' }).getAttribute('href')).toBe('/admin/settings/pages/safeguarding-policy')
    expect(within(rows[2]!).getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/admin/settings/pages/terms-of-use')
    const address = within(rows[0]!).getByRole('link', { name: '/privacy-notice (opens in a new tab)' })
    expect(address.getAttribute('href')).toBe('/privacy-notice')
    expect(address.getAttribute('target')).toBe('_blank')
    expect(rows[0]!.textContent).toContain('Last changed 3 Mar 2026, 14:05 by Ada Admin')
    expect(rows[1]!.textContent).toContain('Not changed yet')
  })

  it('edits a page with its title and text, and links to it on the site', async () => {
    renderApp('/admin/settings/pages/terms-of-use', {
      ...signedInAdmin,
      handlers: { 'GET /admin/pages/terms-of-use': () => json(200, pageRecord('terms-of-use', 'Terms of use')) },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Terms of use' })).toBeDefined()
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Title/ }).value).toBe('Terms of use')
    expect(screen.getByRole('textbox', { name: /^Text of the page/ })).toBeDefined()
    expect(screen.getByRole('button', { name: 'Save the page' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'See it on the site (opens in a new tab)' }).getAttribute('href')).toBe('/terms-of-use')
  })
})

describe('the site’s own pages', () => {
  const notice: SitePage = {
    slug: 'privacy-notice',
    title: 'Privacy notice',
    bodyHtml: '<p>This notice explains what personal information TEC collects.</p><h2>Your rights</h2>',
    updatedAt: '2026-03-03T14:05:00.000Z',
  }

  it('shows the privacy notice with its text and the day it was last updated', async () => {
    renderApp('/privacy-notice', { handlers: { 'GET /pages/privacy-notice': () => json(200, notice) } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeDefined()
    expect(screen.getByText('This notice explains what personal information TEC collects.')).toBeDefined()
    expect(screen.getByRole('heading', { level: 2, name: 'Your rights' })).toBeDefined()
    expect(screen.getByText(/^Last updated/).textContent).toBe('Last updated 3 March 2026')
  })

  it('shows no date for a page still in the words it came with', async () => {
    renderApp('/terms-of-use', { handlers: { 'GET /pages/terms-of-use': () => json(200, { ...notice, slug: 'terms-of-use', title: 'Terms of use', updatedAt: NEVER_SAVED }) } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeDefined()
    expect(screen.queryByText(/Last updated/)).toBeNull()
  })

  it('are linked from the footer, beside TEC’s social media', async () => {
    renderApp('/privacy-notice', {
      handlers: { 'GET /pages/privacy-notice': () => json(200, notice), 'GET /site-settings': () => json(200, settings) },
    })
    const policies = await screen.findByRole('navigation', { name: 'Site policies' })
    expect(within(policies).getByRole('link', { name: 'Privacy notice' }).getAttribute('href')).toBe('/privacy-notice')
    expect(within(policies).getByRole('link', { name: 'Safeguarding policy' }).getAttribute('href')).toBe('/safeguarding-policy')
    expect(within(policies).getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/terms-of-use')
    expect((await screen.findByRole('link', { name: 'TEC on Instagram' })).getAttribute('href')).toBe('https://www.instagram.com/tec')
  })
})
