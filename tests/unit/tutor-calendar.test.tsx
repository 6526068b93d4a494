import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ENUMS } from '@shared/contract.gen'
import { labelOf } from '@shared/labels'
import type { Lesson } from '@/api/lessons'
import { addDays, londonDayOf, mondayOf } from '@/routes/_authenticated/-components/lesson-calendar-range'
import { token, tutor } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const signedInTutor = { session: { user: tutor, token, remember: true }, io: { verifySession: () => Promise.resolve(tutor) } }

const monday = mondayOf(londonDayOf(new Date()))
const lesson = (id: string, day: string, status: Lesson['status'], name: string, overdue = false): Lesson => ({
  id,
  version: 1,
  status,
  tutor: { id: tutor.id, name: tutor.name },
  learners: [{ id: `${id.slice(0, -1)}f`, name, placementId: `${id.slice(0, -1)}e` }] as Lesson['learners'],
  subject: 'Maths',
  mode: 'online',
  date: day,
  startTime: '12:00',
  minutes: 60,
  startsAt: `${day}T12:00:00.000Z`,
  endsAt: `${day}T13:00:00.000Z`,
  overdue,
})

describe('the tutor’s calendar', () => {
  it('reads the week shown and shows each lesson as a link to its page, its status in words, and a key of the colours', async () => {
    const lessons = [
      lesson('6c0e2d6a-1f7b-4a8e-9d3c-2b1a0f9e8d70', addDays(monday, 1), 'planned', 'Ada Lovelace'),
      lesson('6c0e2d6a-1f7b-4a8e-9d3c-2b1a0f9e8d71', addDays(monday, 2), 'awaiting_report', 'Cai Jones', true),
    ]
    const read: string[] = []
    renderApp('/tutor/calendar', {
      ...signedInTutor,
      handlers: {
        'GET /tutor/lessons': (request) => {
          const query = new URL(request.url).searchParams
          read.push(`${query.get('from')}..${query.get('to')}`)
          return json(200, { items: lessons, total: lessons.length, page: 1, pageSize: 100 })
        },
      },
    })

    const ada = await screen.findByRole('link', { name: /Maths with Ada Lovelace, Planned/ }, { timeout: 5000 })
    expect(ada.getAttribute('href')).toBe(`/tutor/reports/${lessons[0]?.id}`)
    const cai = await screen.findByRole('link', { name: /Maths with Cai Jones, Awaiting report/ })
    expect(cai.getAttribute('href')).toBe(`/tutor/reports/${lessons[1]?.id}`)
    expect(cai.textContent).toContain('Overdue')
    // A wide window (jsdom matches no media query) opens on the week containing today.
    expect(read[0]).toBe(`${monday}..${addDays(monday, 6)}`)
    expect(screen.getByRole('tab', { name: 'Week view' }).getAttribute('aria-selected')).toBe('true')

    const key = within(screen.getByRole('region', { name: 'What the colours mean' }))
    for (const status of ENUMS.LessonStatus) expect(key.getByText(labelOf('LessonStatus', status))).toBeDefined()
    expect(key.getByText('Overdue')).toBeDefined()
  })
})
