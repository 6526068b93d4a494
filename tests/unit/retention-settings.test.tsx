import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { RetentionPeriods, RetentionRun, RetentionSettingsRecord } from '@/api/retention'
import type { SitePage } from '@/api/site-settings'
import { admin, token } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }

const periods: RetentionPeriods = { learnerYears: 6, applicationMonths: 12, messageMonths: 24, sentMailDays: 365, signInDays: 90, senderDetailsDays: 30, openingMonths: 24 }
const record: RetentionSettingsRecord = { version: 3, periods, updatedAt: '2026-03-03T14:05:00.000Z', updatedBy: { id: admin.id, name: 'Ada Admin' } }
const NO_COUNTS = { learnersAnonymised: 0, learnersRefused: 0, learnersFailed: 0, registrationsErased: 0, messagesErased: 0, mailDeleted: 0, signInRecordsDeleted: 0, senderDetailsCleared: 0, openingsDeleted: 0, familyLinksDeleted: 0 }
const run = (startedAt: string, removed: Partial<RetentionRun['removed']>): RetentionRun => ({ id: crypto.randomUUID(), startedAt, finishedAt: startedAt, removed: { ...NO_COUNTS, ...removed } })

describe('/admin/settings/retention', () => {
  it('shows each period with what happens, saves a change with its version, and shows a period the server refuses at its field', async () => {
    const sent: unknown[] = []
    renderApp('/admin/settings/retention', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/retention': () => json(200, record),
        'GET /admin/retention/runs': () => json(200, { items: [] }),
        'PUT /admin/retention': async (request) => {
          sent.push({ ifMatch: request.headers.get('If-Match'), body: (await request.json()) as unknown })
          return sent.length === 1
            ? json(400, { message: 'Check the highlighted fields.', fields: { messageMonths: 'Enter a whole number of months from 1 to 120.' } })
            : json(200, { ...record, version: 4, periods: { ...periods, learnerYears: 7 } })
        },
      },
    })

    expect(await screen.findByRole('heading', { level: 1, name: 'Data retention' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Data retention' }).getAttribute('aria-current')).toBe('page')
    const learners = screen.getByRole<HTMLInputElement>('textbox', { name: /^Learners, after they finish \(years\)/ })
    expect(learners.value).toBe('6')
    expect(screen.getByText(/safeguarding concerns stay/)).toBeDefined()
    expect(screen.getByText(/No run yet/)).toBeDefined()

    await userEvent.clear(learners)
    await userEvent.type(learners, '7')
    await userEvent.click(screen.getByRole('button', { name: 'Save the periods' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({ ifMatch: '"3"', body: { ...periods, learnerYears: 7 } })
    const messages = screen.getByRole('textbox', { name: /^Contact form messages \(months\)/ })
    await waitFor(() => expect(messages.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText('Enter a whole number of months from 1 to 120.')).toBeDefined()

    await userEvent.click(screen.getByRole('button', { name: 'Save the periods' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(await screen.findByText('The changes have been saved')).toBeDefined()
  })

  it('refuses a period out of bounds before sending it', async () => {
    let asked = false
    renderApp('/admin/settings/retention', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/retention': () => json(200, record),
        'GET /admin/retention/runs': () => json(200, { items: [] }),
        'PUT /admin/retention': () => {
          asked = true
          return json(200, record)
        },
      },
    })
    const senders = await screen.findByRole('textbox', { name: /^Senders’ internet addresses and browsers \(days\)/ })
    await userEvent.clear(senders)
    await userEvent.type(senders, '400')
    await userEvent.click(screen.getByRole('button', { name: 'Save the periods' }))
    expect(await screen.findByText('Enter a whole number of days from 1 to 365.')).toBeDefined()
    expect(asked).toBe(false)
  })

  it('lists the latest runs with what each removed', async () => {
    renderApp('/admin/settings/retention', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/retention': () => json(200, record),
        'GET /admin/retention/runs': () => json(200, { items: [run('2026-03-04T03:00:00.000Z', { learnersAnonymised: 1, registrationsErased: 4 }), run('2026-03-03T03:00:00.000Z', {})] }),
      },
    })
    const runs = await screen.findByRole('region', { name: 'Latest runs' })
    const items = within(runs).getAllByRole('listitem').filter((item) => item.querySelector('time'))
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByText('1 learner anonymised')).toBeDefined()
    expect(within(items[0]!).getByText('4 registrations erased')).toBeDefined()
    expect(within(items[1]!).getByText('Nothing had reached the end of its time.')).toBeDefined()
  })
})

describe('the privacy notice', () => {
  it('shows how long each kind of record is kept, from the periods in force', async () => {
    const notice: SitePage = {
      slug: 'privacy-notice',
      title: 'Privacy notice',
      bodyHtml: '<p>This notice explains what personal information TEC collects.</p>',
      updatedAt: '2026-03-03T14:05:00.000Z',
      retention: { ...periods, learnerYears: 7, messageMonths: 18 },
    }
    renderApp('/privacy-notice', { handlers: { 'GET /pages/privacy-notice': () => json(200, notice) } })
    const section = await screen.findByRole('region', { name: 'How long we keep your information' })
    expect(section.textContent).toContain('While the learner is with us and seven years after they finish.')
    expect(section.textContent).toContain('Messages sent through the contact form: 18 months after they are sent')
    expect(section.textContent).toContain('Enrolments and applications that do not lead to a placement: One year after they are sent')
    expect(section.textContent).toContain('The internet address and browser a form was sent from: 30 days,')
  })
})
