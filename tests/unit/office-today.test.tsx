// The office's today is the day on their own clock: set before any date is read, so the whole file runs in London.
process.env.TZ = 'Europe/London'

import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { components } from '@/api/schema.gen'
import { admin, token } from './auth-fixtures'
import { json, type Handler } from './fake-api-server'
import { renderApp } from './render-app'

type Schemas = components['schemas']

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }
const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 }
const around: Record<string, Handler> = {
  'GET /admin/history': () => json(200, emptyPage),
  'GET /admin/record-openings': () => json(200, emptyPage),
  'GET /admin/placements': () => json(200, emptyPage),
  'GET /admin/schools': () => json(200, emptyPage),
}

const tutorId = '4b2e9d1c-6a3f-4e8b-9c7d-1f0e2d3c4b12'
const tutor: Schemas['TutorRecord'] = {
  id: tutorId,
  version: 1,
  email: 'tess@tec.test',
  status: 'active',
  accountDeactivated: false,
  fields: { name: 'Tess Tutor', subjects: ['Maths'], levels: ['gcse'], modes: ['online'] },
  checks: [],
  checkState: 'none',
  createdAt: '2026-06-01T09:00:00.000Z',
  updatedAt: '2026-06-01T09:00:00.000Z',
}

// Half past midnight on 2 July in London (summer time) is still 1 July in UTC.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-07-01T23:30:00Z'))
})
describe('the office’s today, just after their midnight', () => {
  it('recording a check takes a certificate issued on their today', async () => {
    renderApp(`/admin/tutors/${tutorId}`, { ...signedInAdmin, handlers: { ...around, [`GET /admin/tutors/${tutorId}`]: () => json(200, tutor) } })

    await userEvent.click(await screen.findByRole('button', { name: 'Record a check' }))
    expect((await screen.findByLabelText<HTMLInputElement>(/Issued on/)).max).toBe('2026-07-02')
  })
})
