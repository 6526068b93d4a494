import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Registration, RegistrationPage, RegistrationSummary } from '@/api/registrations'
import { admin, token } from './auth-fixtures'
import { json, type Handler } from './fake-api-server'
import { renderApp } from './render-app'
import { SEARCH_DEBOUNCE_MS } from '@/ui/back-office/filter-bar'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }

const grace: RegistrationSummary = {
  id: 'e9671de0-5262-45d4-89b9-153b3da35738',
  reference: 'TEC-TUT-SPNB56',
  type: 'tutor',
  status: 'new',
  name: 'Grace Lin',
  email: 'grace.lin@example.org',
  summary: 'Maths, Computing · online',
  createdAt: '2026-11-22T05:07:46.710Z',
  updatedAt: '2026-11-22T05:07:46.710Z',
}
const anya: RegistrationSummary = {
  ...grace,
  id: 'fc3bf877-5bea-42a9-b65f-5f46f6b78be9',
  reference: 'TEC-SUB-K62NYK',
  type: 'subject',
  name: 'Anya Shah',
  email: 'priya.shah@example.org',
}
const counts = { new: 2, in_review: 1, accepted: 0, rejected: 0, withdrawn: 0 }

function page(items: RegistrationSummary[], total = items.length): RegistrationPage {
  return { items, total, page: 1, pageSize: 20, statusCounts: counts }
}

/** The inbox's answers, recording each query string the page asked for. */
function inboxHandlers(answer: (query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = []
  const handler: Handler = (request) => {
    const query = new URL(request.url).searchParams
    // The navigation's and the kinds' counts of new registrations ask for one row; the inbox asks for a page.
    if (query.get('pageSize') !== '1') queries.push(query)
    return answer(query)
  }
  return { queries, handlers: { 'GET /admin/registrations': handler } }
}

const asObject = (query: URLSearchParams | undefined) => Object.fromEntries(query ?? [])

// Whole-app renders in jsdom take a few seconds on a busy two-core machine.
describe('the registrations inbox', () => {
  it('lists the page with row links, status counts and the current sort', async () => {
    const { handlers } = inboxHandlers(() => json(200, page([grace, anya], 45)))
    renderApp('/admin/registrations', { ...signedInAdmin, handlers })

    const link = await screen.findByRole('link', { name: 'Grace Lin' })
    expect(link.getAttribute('href')).toBe(`/admin/registrations/${grace.id}`)
    expect(screen.getByText('TEC-TUT-SPNB56')).toBeDefined()
    expect(screen.getByRole('radio', { name: 'New (2)' })).toBeDefined()
    expect(screen.getByRole('radio', { name: 'All statuses (3)' })).toBeDefined()
    expect(screen.getByRole('table', { name: 'Registrations' })).toBeDefined()
    expect(screen.getByRole('columnheader', { name: /Received/ }).getAttribute('aria-sort')).toBe('descending')
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('none')
    expect(screen.getByText('Showing 1–20 of 45')).toBeDefined()
    expect(within(screen.getByRole('navigation', { name: 'Registration pages' })).getByRole('button', { name: 'Page 3' })).toBeDefined()
  })

  it('puts filters, sort and search in the address and asks the server for them', async () => {
    const { queries, handlers } = inboxHandlers(() => json(200, page([grace])))
    const { router } = renderApp('/admin/registrations', { ...signedInAdmin, handlers })
    await screen.findByRole('link', { name: 'Grace Lin' })

    await userEvent.click(screen.getByRole('button', { name: /^Name/ }))
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name' }))
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending')

    await userEvent.click(screen.getByRole('radio', { name: 'Tutor' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', type: 'tutor' }))

    await userEvent.click(screen.getByRole('radio', { name: 'New (2)' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', type: 'tutor', status: 'new' }))

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search registrations' }), 'grace')
    // Debounced: one request for the whole word, not one per letter.
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name', type: 'tutor', status: 'new', q: 'grace' }))
    await waitFor(() =>
      expect(asObject(queries.at(-1))).toEqual({ type: 'tutor', status: 'new', q: 'grace', sort: 'name', page: '1', pageSize: '20' }),
    )
    expect(queries.filter((query) => query.has('q')).map((query) => query.get('q'))).toEqual(['grace'])
  })

  it('reads a shared address, ignoring invalid values', async () => {
    const { queries, handlers } = inboxHandlers(() => json(200, page([grace])))
    renderApp('/admin/registrations?type=tutor&status=bogus&page=0&pageSize=50&sort=oldest', { ...signedInAdmin, handlers })
    await screen.findByRole('link', { name: 'Grace Lin' })
    expect(asObject(queries.at(-1))).toEqual({ type: 'tutor', sort: 'oldest', page: '1', pageSize: '50' })
    expect(screen.getByRole('columnheader', { name: /Received/ }).getAttribute('aria-sort')).toBe('ascending')
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Tutor' }).checked).toBe(true)
  })

  it('says what to do when nothing matches, and clears the filters', async () => {
    const { handlers } = inboxHandlers((query) => json(200, page(query.has('status') ? [] : [grace])))
    const { router } = renderApp('/admin/registrations?status=withdrawn', { ...signedInAdmin, handlers })
    expect(await screen.findByText('No registrations match these filters')).toBeDefined()
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    await screen.findByRole('link', { name: 'Grace Lin' })
    expect(router.state.location.search).toEqual({})
  })

  it('shows a failed load with a retry that loads again', async () => {
    let fail = true
    const { handlers } = inboxHandlers(() => (fail ? json(503, { message: 'The database cannot be reached right now.' }) : json(200, page([grace]))))
    renderApp('/admin/registrations', { ...signedInAdmin, handlers })
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 })
    expect(within(alert).getByText('The database cannot be reached right now.')).toBeDefined()
    fail = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('link', { name: 'Grace Lin' })
  })

  it('opens a row from the keyboard', async () => {
    const detail: Registration = {
      ...grace,
      answers: {
        personal: { name: 'Grace Lin', email: 'grace.lin@example.org', phone: '07700 900123', postcode: 'bs1 4dj' },
        teaching: {
          subjects: ['Maths'],
          levels: ['gcse'],
          highestQualification: 'degree',
          qualifiedTeacher: true,
          qualifications: 'BSc Mathematics',
          experienceYears: 6,
          experience: 'Six years teaching GCSE maths.',
        },
        delivery: { modes: ['online'] },
        availability: { days: ['monday'], times: ['evening'], hoursPerWeek: 6 },
        backgroundCheck: { hasEnhancedCheck: true, consentToCheck: true },
        referees: [
          { name: 'Sam Reed', relationship: 'Head of maths', email: 'sam@example.org', phone: '07700 900111' },
          { name: 'Ali Khan', relationship: 'Deputy head', email: 'ali@example.org', phone: '07700 900222' },
        ],
        personalStatement: 'I love helping learners find their confidence with numbers, one step at a time.',
        privacyConsent: true,
        marketingConsent: false,
      },
      events: [{ id: '9a7d6e23-35c9-4e79-bbcb-cad8f0e6ceff', kind: 'submitted', at: grace.createdAt, toStatus: 'new' }],
      created: {},
      allowedStatuses: ['in_review', 'rejected', 'withdrawn'],
      canAccept: true,
    }
    const { handlers } = inboxHandlers(() => json(200, page([grace])))
    const { router } = renderApp('/admin/registrations?status=new', {
      ...signedInAdmin,
      handlers: { ...handlers, [`GET /admin/registrations/${grace.id}`]: () => json(200, detail) },
    })
    const link = await screen.findByRole('link', { name: 'Grace Lin' })
    act(() => link.focus())
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('heading', { name: 'Grace Lin', level: 1 })
    expect(router.state.location.pathname).toBe(`/admin/registrations/${grace.id}`)
    // Labels, not the contract's keys.
    expect(screen.getByText('Qualified teacher status')).toBeDefined()
    expect(screen.getByText('BS1 4DJ')).toBeDefined()
    // Back keeps the inbox's filters.
    expect(screen.getByRole('link', { name: 'Back to registrations' }).getAttribute('href')).toBe('/admin/registrations?status=new')
  })

  it('follows a row typed for and clicked at once: the search, reported after its pause, does not call the list back', async () => {
    // The clock runs as usual, and the test moves it past the search's pause instead of waiting that long.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { handlers } = inboxHandlers(() => json(200, page([grace, anya])))
    let answered = false
    let answer: () => void = () => undefined
    const rowAsked = new Promise<void>((resolve) => (answer = resolve))
    const { router } = renderApp('/admin/registrations', {
      ...signedInAdmin,
      handlers: {
        ...handlers,
        // The row's page answers only once the search's pause has ended, so the list still shows then.
        [`GET /admin/registrations/${grace.id}`]: async () => {
          await rowAsked
          answered = true
          return json(404, { message: 'No registration has this id.' })
        },
      },
    })
    const link = await screen.findByRole('link', { name: 'Grace Lin' })
    await userEvent.type(screen.getByRole('searchbox'), 'Grace')
    await userEvent.click(link)
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 100))
    answer()
    await waitFor(() => expect(answered).toBe(true))
    await waitFor(() => expect(router.state.resolvedLocation?.pathname).toBe(`/admin/registrations/${grace.id}`))
    expect(router.state.location.pathname).toBe(`/admin/registrations/${grace.id}`)
  })
})
