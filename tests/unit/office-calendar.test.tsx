import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Lesson } from '@/api/lessons'
import { addDays, londonDayOf, mondayOf } from '@/routes/_authenticated/-components/lesson-calendar-range'
import { admin, token } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }

const tom = { id: '5a1d2e3f-4b5c-4d6e-8f70-8192a3b4c5d6', name: 'Tom Tutor' }
const omar = { id: '6b2e3f40-5c6d-4e7f-8a81-92a3b4c5d6e7', name: 'Omar Reed' }
const ada = { id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a', name: 'Ada Lovelace', placementId: '8e9f0a1b-2c3d-4e4f-9a5b-6c7d8e9f0a1b' }

// Tuesday of the week the calendar opens on (jsdom matches no media query: a wide window, on this week).
const monday = mondayOf(londonDayOf(new Date()))
const tuesday = addDays(monday, 1)
const dayInWords = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${tuesday}T00:00:00Z`)).replace(',', '')

const lesson = (id: string, tutor: { id: string; name: string }, clashes: string[]): Lesson => ({
  id,
  version: 1,
  status: 'planned',
  tutor,
  learners: [ada],
  subject: 'Maths',
  mode: 'online',
  date: tuesday,
  startTime: '12:00',
  minutes: 60,
  startsAt: `${tuesday}T12:00:00.000Z`,
  endsAt: `${tuesday}T13:00:00.000Z`,
  overdue: false,
  clashes,
})
const tomsLesson = lesson('6c0e2d6a-1f7b-4a8e-9d3c-2b1a0f9e8d70', tom, ['6c0e2d6a-1f7b-4a8e-9d3c-2b1a0f9e8d71'])
const omarsLesson = lesson('6c0e2d6a-1f7b-4a8e-9d3c-2b1a0f9e8d71', omar, [tomsLesson.id])

const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 }

describe('the office’s calendar', () => {
  it('reads the week with the address’s filters, marks the clashes and names them above the calendar; “Clear filters” reads them all', async () => {
    const asked: URLSearchParams[] = []
    const { router } = renderApp(`/admin/calendar?tutorId=${tom.id}`, {
      ...signedInAdmin,
      handlers: {
        'GET /admin/lessons': (request) => {
          const query = new URL(request.url).searchParams
          asked.push(query)
          // As the API does: the tutor's lessons only, each naming every lesson it clashes with.
          const items = [tomsLesson, omarsLesson].filter((one) => !query.get('tutorId') || one.tutor.id === query.get('tutorId'))
          return json(200, { items, total: items.length, page: 1, pageSize: 100 })
        },
        'GET /admin/tutors': () => json(200, { ...emptyPage, items: [{ id: tom.id, name: tom.name }], total: 1 }),
        [`GET /admin/tutors/${tom.id}`]: () => json(200, { fields: { name: tom.name } }),
        'GET /admin/students': () => json(200, emptyPage),
        'GET /admin/schools': () => json(200, emptyPage),
      },
    })

    const link = await screen.findByRole('link', { name: /Maths: Ada Lovelace with Tom Tutor, Planned, clashes with 1 other lesson/ }, { timeout: 5000 })
    expect(link.getAttribute('href')).toBe(`/admin/reports/${tomsLesson.id}`)
    expect(link.textContent).toContain('Clash')
    expect(asked[0]?.get('from')).toBe(monday)
    expect(asked[0]?.get('to')).toBe(addDays(monday, 6))
    expect(asked[0]?.get('tutorId')).toBe(tom.id)
    expect(await screen.findByDisplayValue('Tom Tutor')).toBeDefined()

    // Omar's lesson is left out by the filter: the clash names it "another lesson".
    const shown = within(screen.getByRole('region', { name: 'A clash on these days' }))
    expect(shown.getByText(/clashes with another lesson of its tutor or a learner/)).toBeDefined()
    expect(shown.getByRole('link', { name: 'Maths: Ada Lovelace with Tom Tutor' }).getAttribute('href')).toBe(`/admin/reports/${tomsLesson.id}`)
    expect(within(screen.getByRole('region', { name: 'What the colours mean' })).getByText('Clash')).toBeDefined()

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    const clashes = within(await screen.findByRole('region', { name: 'A clash on these days' }))
    const sentence = await clashes.findByText((_, element) => element?.tagName === 'LI' && element.textContent === `Ada Lovelace is booked twice on ${dayInWords} at 12:00: Maths with Tom Tutor and Maths with Omar Reed.`)
    expect(within(sentence).getByRole('link', { name: 'Maths with Omar Reed' }).getAttribute('href')).toBe(`/admin/reports/${omarsLesson.id}`)
    expect(asked.at(-1)?.has('tutorId')).toBe(false)
    expect(screen.getByRole('link', { name: /Maths: Ada Lovelace with Omar Reed, Planned, clashes with 1 other lesson/ })).toBeDefined()
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull()
  })

  it('says what to do next when the days hold no lesson', async () => {
    renderApp('/admin/calendar', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/lessons': () => json(200, { ...emptyPage, pageSize: 100 }),
        'GET /admin/tutors': () => json(200, emptyPage),
        'GET /admin/students': () => json(200, emptyPage),
        'GET /admin/schools': () => json(200, emptyPage),
      },
    })
    await screen.findByRole('heading', { name: 'Calendar', level: 1 }, { timeout: 5000 })
    await userEvent.click(screen.getByRole('tab', { name: 'Agenda view' }))
    const empty = await screen.findByText(/No lessons on these days\. Tutors plan lessons/)
    expect(within(empty).getByRole('link', { name: 'Learners' }).getAttribute('href')).toBe('/admin/students')
    expect(screen.queryByRole('region', { name: /clash/ })).toBeNull()
  })
})
