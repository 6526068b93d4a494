import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { LessonReportPage } from '@/api/lesson-reports'
import type { SafeguardingConcern } from '@/api/safeguarding-concerns'
import type { Lesson, LessonDetail } from '@/api/lessons'
import { admin, token } from './auth-fixtures'
import { json, type Handler } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }

const maths: Lesson = {
  id: '6c0e2d6a-1f7b-4a8e-9d3c-2b1a0f9e8d7c',
  version: 3,
  status: 'submitted',
  tutor: { id: '5a1d2e3f-4b5c-4d6e-8f70-8192a3b4c5d6', name: 'Tom Tutor' },
  learners: [{ id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a', name: 'Ada Lovelace', placementId: '8e9f0a1b-2c3d-4e4f-9a5b-6c7d8e9f0a1b', attendance: 'present' }],
  subject: 'Maths',
  mode: 'online',
  date: '2026-11-20',
  startTime: '16:30',
  minutes: 60,
  startsAt: '2026-11-20T16:30:00.000Z',
  endsAt: '2026-11-20T17:30:00.000Z',
  overdue: false,
  submittedAt: '2026-11-20T19:00:00.000Z',
  onTime: true,
  concernRaised: true,
}
const english: Lesson = { ...maths, id: '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c', version: 5, status: 'resubmitted', subject: 'English', onTime: false, concernRaised: false }
const approved: Lesson = { ...maths, id: 'a0b1c2d3-e4f5-4a6b-9c7d-8e9f0a1b2c3d', status: 'approved', subject: 'Science', concernRaised: false }

const stateCounts = { to_review: 2, awaiting_report: 0, overdue: 0, returned: 0, approved: 1 }
const page = (items: Lesson[]): LessonReportPage => ({ items, total: items.length, page: 1, pageSize: 20, stateCounts })

const concern: SafeguardingConcern = {
  id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
  version: 1,
  severity: 'high',
  details: 'Said something worrying.\nSecond line.',
  status: 'open',
  lesson: { id: maths.id, date: maths.date, subject: maths.subject },
  learner: { id: maths.learners[0]!.id, name: 'Ada Lovelace' },
  tutor: maths.tutor,
  raisedAt: '2026-11-20T19:00:00.000Z',
}

const detail: LessonDetail = {
  lesson: maths,
  report: { covered: 'Fractions', progress: 'Getting there', homework: 'Page 4', staffNote: 'Tired today', firstSubmittedAt: maths.submittedAt!, submittedAt: maths.submittedAt!, onTime: true },
  concerns: [{ id: concern.id, severity: 'high', details: concern.details, status: 'open', raisedAt: concern.raisedAt }],
  moves: ['EDIT_REPORT', 'APPROVE', 'RETURN'],
}

const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 }
const history: Handler = () => json(200, emptyPage)

describe('the office’s reports', () => {
  it('lists the reports to review, and approves the ticked ones at their versions', async () => {
    const asked: URLSearchParams[] = []
    const approvals: unknown[] = []
    const handlers: Record<string, Handler> = {
      'GET /admin/reports': (request) => {
        asked.push(new URL(request.url).searchParams)
        return json(200, page([maths, english]))
      },
      'GET /admin/safeguarding-concerns': () => json(200, { ...emptyPage, items: [concern], total: 1, statusCounts: { open: 1, in_hand: 0, closed: 0 } }),
      'POST /admin/reports/approvals': async (request) => {
        approvals.push(await request.json())
        return json(200, { approved: [maths.id], left: [{ lessonId: english.id, message: 'Changed since you read it: open it to see the changes.' }] })
      },
    }
    renderApp('/admin/reports', { ...signedInAdmin, handlers })

    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeDefined()
    expect(await screen.findAllByRole('link', { name: '20 Nov 2026, 16:30' }, { timeout: 5000 })).toHaveLength(2)
    expect(screen.getByRole('checkbox', { name: 'Select Maths with Ada Lovelace, 20 Nov 2026, 16:30' })).toBeDefined()
    expect(asked[0]?.get('state')).toBe('to_review')
    expect(screen.getByRole('radio', { name: 'To review (2)' })).toBeDefined()
    expect(screen.getByRole('radio', { name: 'All sent (3)' })).toBeDefined()
    expect(screen.getByText('Concern')).toBeDefined()
    expect(await screen.findByRole('link', { name: 'Safeguarding concerns (1 open)' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Figures' })).toBeDefined()

    const approve = screen.getByRole('button', { name: 'Approve selected (0)' })
    expect(approve).toHaveProperty('disabled', true)
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every report to review on this page' }))
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }))

    await waitFor(() => expect(approvals).toHaveLength(1))
    expect(approvals[0]).toEqual({ items: [{ lessonId: maths.id, version: 3 }, { lessonId: english.id, version: 5 }] })
    expect(await screen.findByText('1 report approved')).toBeDefined()
    const left = await screen.findByText('1 report not approved')
    expect(within(left.closest('[role="alert"]') as HTMLElement).getByText(/Changed since you read it/)).toBeDefined()
  })

  it('offers no tick box for a report that cannot be approved, and says what an empty view is for', async () => {
    const handlers: Record<string, Handler> = {
      'GET /admin/reports': (request) => json(200, page(new URL(request.url).searchParams.get('state') === 'approved' ? [approved] : [])),
      'GET /admin/safeguarding-concerns': () => json(200, { ...emptyPage, statusCounts: { open: 0, in_hand: 0, closed: 0 } }),
    }
    renderApp('/admin/reports', { ...signedInAdmin, handlers })
    expect(await screen.findByText('No reports waiting for review', {}, { timeout: 5000 })).toBeDefined()
    await userEvent.click(screen.getByRole('radio', { name: 'Approved (1)' }))
    expect(await screen.findByRole('link', { name: '20 Nov 2026, 16:30' })).toBeDefined()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it('shows a lesson’s report and concern, approves it, and returns it only with a comment', async () => {
    const calls: { url: string; ifMatch: string | null; body: string }[] = []
    const record: Handler = async (request) => {
      calls.push({ url: new URL(request.url).pathname, ifMatch: request.headers.get('If-Match'), body: await request.text() })
      return json(409, { message: 'Someone else changed this lesson. Reload it to see the changes.' })
    }
    const handlers: Record<string, Handler> = {
      [`GET /admin/reports/${maths.id}`]: () => json(200, detail),
      [`POST /admin/reports/${maths.id}/approve`]: record,
      [`POST /admin/reports/${maths.id}/return`]: record,
      'GET /admin/history': history,
    }
    renderApp(`/admin/reports/${maths.id}`, { ...signedInAdmin, handlers })

    expect(await screen.findByRole('heading', { level: 1, name: 'Maths with Ada Lovelace' }, { timeout: 5000 })).toBeDefined()
    expect(screen.getByRole('heading', { name: 'Safeguarding concern (restricted)' })).toBeDefined()
    expect(screen.getByRole('heading', { name: 'Progress and next steps' })).toBeDefined()
    expect(screen.getByRole('heading', { name: 'Note for staff' })).toBeDefined()
    expect(screen.getByRole('link', { name: /Open the concern raised/ }).getAttribute('href')).toBe(`/admin/reports/concerns/${concern.id}`)

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({ url: `/api/admin/reports/${maths.id}/approve`, ifMatch: '"3"' })

    await userEvent.click(screen.getByRole('button', { name: 'Return to tutor' }))
    const dialog = await screen.findByRole('dialog', { name: 'Return the report to Tom Tutor?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return to tutor' }))
    expect(await within(dialog).findByText('Say what the tutor should change.')).toBeDefined()
    expect(calls).toHaveLength(1)
    await userEvent.type(within(dialog).getByRole('textbox', { name: /What should the tutor change/ }), 'Add the homework.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return to tutor' }))
    expect(await within(dialog).findByText('Someone else changed this lesson. Reload it to see the changes.')).toBeDefined()
    expect(calls[1]).toMatchObject({ url: `/api/admin/reports/${maths.id}/return`, ifMatch: '"3"', body: JSON.stringify({ comment: 'Add the homework.' }) })
  })

  it('lists the concerns still to act on, open or in hand, and changes one’s status with a note', async () => {
    const changes: { ifMatch: string | null; body: unknown }[] = []
    const asked: string[] = []
    const handlers: Record<string, Handler> = {
      'GET /admin/safeguarding-concerns': (request) => {
        asked.push(new URL(request.url).searchParams.get('status') ?? '')
        return json(200, { ...emptyPage, items: [concern], total: 1, statusCounts: { open: 1, in_hand: 2, closed: 0 } })
      },
      [`GET /admin/safeguarding-concerns/${concern.id}`]: () => json(200, concern),
      [`POST /admin/safeguarding-concerns/${concern.id}/status`]: async (request) => {
        changes.push({ ifMatch: request.headers.get('If-Match'), body: await request.json() })
        return json(200, { ...concern, version: 2, status: 'in_hand', statusNote: 'Called the school.', statusChangedBy: { id: admin.id, name: admin.name }, statusChangedAt: '2026-11-21T09:00:00.000Z' })
      },
      'GET /admin/history': history,
    }
    const { router } = renderApp('/admin/reports/concerns', { ...signedInAdmin, handlers })
    expect(await screen.findByRole('heading', { level: 1, name: 'Safeguarding concerns' }, { timeout: 5000 })).toBeDefined()
    expect(screen.getByRole('radio', { name: 'To act on (3)' })).toHaveProperty('checked', true)
    expect(screen.getByRole('radio', { name: 'Open (1)' })).toHaveProperty('checked', false)
    expect([...new Set(asked)]).toEqual(['to_act_on'])
    expect(screen.getByText('High severity')).toBeDefined()

    await router.navigate({ to: '/admin/reports/concerns/$concernId', params: { concernId: concern.id } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Concern about Ada Lovelace' })).toBeDefined()
    await userEvent.click(screen.getByRole('button', { name: 'Save the status' }))
    expect(await screen.findByText('Say what was done, or why the status changes.')).toBeDefined()
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }))
    await userEvent.click(await screen.findByRole('option', { name: 'In hand', hidden: true }))
    await userEvent.type(screen.getByRole('textbox', { name: /What was done/ }), 'Called the school.')
    await userEvent.click(screen.getByRole('button', { name: 'Save the status' }))
    await waitFor(() => expect(changes).toHaveLength(1))
    expect(changes[0]).toEqual({ ifMatch: '"1"', body: { status: 'in_hand', note: 'Called the school.' } })
  })

  it('keeps the concerns from an admin who is not a safeguarding lead, saying why, and never asks the server for them', async () => {
    const other = { ...admin, safeguardingLead: false }
    const asked: string[] = []
    const handlers: Record<string, Handler> = {
      'GET /admin/reports': () => json(200, page([maths])),
      'GET /admin/safeguarding-concerns': (request) => {
        asked.push(request.url)
        return json(403, { message: 'Only the designated safeguarding leads can see safeguarding concerns.' })
      },
      [`GET /admin/reports/${maths.id}`]: () => json(200, { ...detail, concerns: [{ id: concern.id, raisedAt: concern.raisedAt }] }),
      'GET /admin/history': history,
    }
    const { router } = renderApp('/admin/reports', { session: { user: other, token, remember: true }, io: { verifySession: () => Promise.resolve(other) }, handlers })
    expect(await screen.findAllByRole('link', { name: '20 Nov 2026, 16:30' }, { timeout: 5000 })).toHaveLength(1)
    expect(screen.queryByRole('link', { name: /^Safeguarding concerns/ })).toBeNull()

    await router.navigate({ to: '/admin/reports/$lessonId', params: { lessonId: maths.id } })
    expect(await screen.findByText('Safeguarding concern on record')).toBeDefined()
    expect(screen.getByText(/The designated safeguarding leads have the details\./)).toBeDefined()
    expect(screen.queryByText(concern.details)).toBeNull()

    for (const to of ['/admin/reports/concerns', `/admin/reports/concerns/${concern.id}`]) {
      await router.navigate({ to })
      expect(await screen.findByText('Only the designated safeguarding leads')).toBeDefined()
      expect(screen.getByRole('heading', { level: 1, name: 'Safeguarding concerns' })).toBeDefined()
    }
    expect(asked).toEqual([])
  })
})
