import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { admin, token } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'
import { hillsidePrimary } from './school-fixtures'

type Schemas = components['schemas']

const schoolId = '3c0d7e52-8f41-4b7a-9d2e-6a1f0b9c8d72'
const school = hillsidePrimary(schoolId, { version: 130, createdAt: '2026-01-01T09:00:00.000Z' })

/** A hundred and thirty changes, newest first, each by a person of its own so each can be found on the page. */
const entries: Schemas['HistoryEntry'][] = Array.from({ length: 130 }, (_, n) => ({
  id: `5a1e0c2b-7d3f-4e6a-8b9c-${String(n).padStart(12, '0')}`,
  at: new Date(Date.UTC(2026, 10, 26, 12) - n * 3_600_000).toISOString(),
  actor: { id: admin.id, name: `Editor ${n + 1}` },
  action: 'school.updated',
  changes: [],
}))

// Whole-app renders in jsdom take a few seconds on a busy two-core machine.
describe('a record’s history', () => {
  it('pages through a long history twenty at a time, never asking for more than the contract allows', async () => {
    const asked: { page: number; pageSize: number }[] = []
    renderApp(`/admin/schools/${schoolId}`, {
      session: { user: admin, token, remember: true },
      io: { verifySession: () => Promise.resolve(admin) },
      handlers: {
        [`GET /admin/schools/${schoolId}`]: () => json(200, school),
        'GET /admin/record-openings': () => json(200, { items: [], total: 0, page: 1, pageSize: 20 }),
        'GET /admin/history': (request) => {
          const query = new URL(request.url).searchParams
          const page = Number(query.get('page') ?? 1)
          const pageSize = Number(query.get('pageSize') ?? 20)
          asked.push({ page, pageSize })
          // As the server does: the contract's AdminPageSize goes up to 100.
          if (pageSize > 100) return json(400, { message: 'Check the highlighted fields.', fields: { pageSize: 'Must be at most 100.' } })
          return json(200, { items: entries.slice((page - 1) * pageSize, page * pageSize), total: entries.length, page, pageSize })
        },
      },
    })

    expect(await screen.findByText(/Editor 20\b/)).toBeDefined()
    expect(screen.queryByText(/Editor 21\b/)).toBeNull()
    for (let shown = 20; shown < 130; shown += 20) {
      await userEvent.click(await screen.findByRole('button', { name: 'Show older changes' }))
      expect(await screen.findByText(new RegExp(`Editor ${Math.min(shown + 20, 130)}\\b`))).toBeDefined()
    }
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull())
    const history = screen.getByRole('region', { name: 'History' })
    expect(within(history).getAllByRole('listitem')).toHaveLength(130)
    expect(within(history).queryByRole('alert')).toBeNull()
    expect(asked.every(({ pageSize }) => pageSize === 20)).toBe(true)
    expect(asked.map(({ page }) => page)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})
