import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { admin, token } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'
import { hillsidePrimary } from './school-fixtures'

type Schemas = components['schemas']

const schoolId = '3c0d7e52-8f41-4b7a-9d2e-6a1f0b9c8d71'
const school = hillsidePrimary(schoolId, { version: 1, createdAt: '2026-11-01T09:00:00.000Z' })
const noHistory: Schemas['HistoryPage'] = { items: [], total: 0, page: 1, pageSize: 20 }

/** Twenty-one openings, newest first: the first page holds twenty. */
const openings: Schemas['RecordOpening'][] = Array.from({ length: 21 }, (_, n) => ({
  id: `0b6f3c1e-8d7a-4c55-9a53-${String(n).padStart(12, '0')}`,
  at: new Date(Date.UTC(2026, 10, 26, 12) - n * 3_600_000).toISOString(),
  by: { id: admin.id, name: n === 20 ? 'Otto Office' : 'Lena Lead' },
  kind: n === 0 ? 'exported' : 'opened',
  subjectType: 'school',
  subjectId: schoolId,
}))

function pageOf(request: Request, items: Schemas['RecordOpening'][]): Response {
  const query = new URL(request.url).searchParams
  const page = Number(query.get('page') ?? 1)
  const pageSize = Number(query.get('pageSize') ?? 20)
  return json(200, { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize })
}

function schoolPage(user: Schemas['User'], items: Schemas['RecordOpening'][]) {
  const asked: string[] = []
  renderApp(`/admin/schools/${schoolId}`, {
    session: { user, token, remember: true },
    io: { verifySession: () => Promise.resolve(user) },
    handlers: {
      [`GET /admin/schools/${schoolId}`]: () => json(200, school),
      'GET /admin/history': () => json(200, noHistory),
      'GET /admin/record-openings': (request) => {
        asked.push(request.url)
        return pageOf(request, items)
      },
    },
  })
  return asked
}

// Whole-app renders in jsdom take a few seconds on a busy two-core machine.
describe('who opened this record', () => {
  it('shows a lead each opening with who and when, newest first, and older ones on request', async () => {
    const asked = schoolPage(admin, openings)
    await screen.findByRole('heading', { name: 'Who opened this record', level: 2 })
    expect(await screen.findByText('Exported everything held')).toBeDefined()
    expect(screen.getAllByText('Lena Lead')).toHaveLength(20)
    expect(screen.queryByText('Otto Office')).toBeNull()
    expect(new URL(asked[0] ?? '').searchParams.get('subjectType')).toBe('school')
    expect(new URL(asked[0] ?? '').searchParams.get('subjectId')).toBe(schoolId)

    await userEvent.click(screen.getByRole('button', { name: 'Show older openings' }))
    expect(await screen.findByText('Otto Office')).toBeDefined()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older openings' })).toBeNull())
  })

  it('says so when nobody has opened the record yet', async () => {
    schoolPage(admin, [])
    expect(await screen.findByText(/Nobody has opened it yet/)).toBeDefined()
  })

  it('is not shown to an admin who is not a safeguarding lead, and not asked for', async () => {
    const asked = schoolPage({ ...admin, safeguardingLead: false }, openings)
    await screen.findByRole('heading', { name: 'Hillside Primary', level: 1 })
    await screen.findByRole('heading', { name: 'History', level: 2 })
    expect(screen.queryByRole('heading', { name: 'Who opened this record' })).toBeNull()
    expect(asked).toHaveLength(0)
  })
})
