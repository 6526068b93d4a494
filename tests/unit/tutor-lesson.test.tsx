import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MyLessonDetail } from '@/api/lessons'
import { token, tutor } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const signedInTutor = { session: { user: tutor, token, remember: true }, io: { verifySession: () => Promise.resolve(tutor) } }

const detail: MyLessonDetail = {
  lesson: {
    id: '6c0e2d6a-1f7b-4a8e-9d3c-2b1a0f9e8d7c',
    version: 2,
    status: 'submitted',
    tutor: { id: tutor.id, name: tutor.name },
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
  },
  report: { covered: 'Fractions', progress: 'Getting there', firstSubmittedAt: '2026-11-20T19:00:00.000Z', submittedAt: '2026-11-20T19:00:00.000Z', onTime: true },
  concerns: [{ id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e', raisedAt: '2026-11-20T19:00:00.000Z' }],
  moves: ['EDIT_REPORT', 'APPROVE', 'RETURN'],
}

describe('a tutor’s lesson', () => {
  it('shows that the tutor raised a concern and when it went to the safeguarding leads, nothing more', async () => {
    renderApp(`/tutor/reports/${detail.lesson.id}`, { ...signedInTutor, handlers: { [`GET /tutor/lessons/${detail.lesson.id}`]: () => json(200, detail) } })

    const heading = await screen.findByRole('heading', { level: 2, name: 'Safeguarding concerns you raised' }, { timeout: 5000 })
    const card = within(heading.parentElement ?? document.body)
    expect(card.getByText(/^You raised a concern that went to our safeguarding leads on/).textContent).toBe('You raised a concern that went to our safeguarding leads on 20 Nov 2026, 19:00.')
    expect(card.getByText('Our safeguarding leads keep what you wrote and handle it. If you have more to tell them, raise a new concern or call them.')).toBeDefined()
  })
})
