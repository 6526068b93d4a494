import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { londonDay } from '@shared/lesson-time'
import type { LessonFigures, SchoolTermSummary } from '@/api/lesson-figures'
import { chosenPeriod, figureFileName, periodProblem, periodSearch, quickPeriods, schoolYearStart } from '@/routes/_authenticated/admin/reports/-components/figures-period'
import { chosenTerm, termOf, termSearch, yearChoices } from '@/routes/_authenticated/admin/-components/term-summary-terms'
import { admin, token } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }

describe('the period of the figures', () => {
  it('starts on 1 September of the school year the day is in', () => {
    expect(schoolYearStart('2026-11-23')).toBe('2026-09-01')
    expect(schoolYearStart('2026-09-01')).toBe('2026-09-01')
    expect(schoolYearStart('2027-08-31')).toBe('2026-09-01')
    expect(chosenPeriod({}, '2027-02-10')).toEqual({ from: '2026-09-01', to: '2027-02-10' })
    expect(chosenPeriod({ from: '2027-01-01' }, '2027-02-10')).toEqual({ from: '2027-01-01', to: '2027-02-10' })
  })

  it('keeps only real days from the address', () => {
    expect(periodSearch({ from: '2026-09-01', to: '2026-11-23' })).toEqual({ from: '2026-09-01', to: '2026-11-23' })
    expect(periodSearch({ from: '2026-02-30', to: 'yesterday' })).toEqual({})
    expect(periodSearch({ from: 20260901 })).toEqual({})
  })

  it('says what is wrong with a period in the words the API uses', () => {
    expect(periodProblem({ from: '2026-09-01', to: '2026-11-23' })).toBeUndefined()
    expect(periodProblem({ from: '', to: '2026-11-23' })).toEqual({ from: 'Enter the first day as a date.' })
    expect(periodProblem({ from: '2026-11-23', to: '2026-09-01' })).toEqual({ to: 'The last day cannot come before the first.' })
    expect(periodProblem({ from: '2024-01-01', to: '2026-11-23' })).toEqual({ to: 'Choose a period of two years or less.' })
  })

  it('offers this term, the last 30 days and this school year, each ending today', () => {
    expect(quickPeriods('2027-02-10')).toEqual([
      { label: 'This term', period: { from: '2027-01-01', to: '2027-02-10' } },
      { label: 'Last 30 days', period: { from: '2027-01-12', to: '2027-02-10' } },
      { label: 'This school year', period: { from: '2026-09-01', to: '2027-02-10' } },
    ])
    expect(figureFileName('month', { from: '2026-09-01', to: '2026-11-23' })).toBe('tec-month-2026-09-01-to-2026-11-23.csv')
  })
})

describe('the term of a summary', () => {
  it('is autumn from September, spring from January and summer from April', () => {
    expect(termOf('2026-09-01')).toEqual({ year: 2026, term: 'autumn' })
    expect(termOf('2026-12-31')).toEqual({ year: 2026, term: 'autumn' })
    expect(termOf('2027-03-31')).toEqual({ year: 2027, term: 'spring' })
    expect(termOf('2027-04-01')).toEqual({ year: 2027, term: 'summer' })
    expect(termOf('2027-08-31')).toEqual({ year: 2027, term: 'summer' })
  })

  it('takes from the address only a term and a year the API accepts, the rest from today', () => {
    expect(termSearch({ year: 2025, term: 'spring' })).toEqual({ year: 2025, term: 'spring' })
    expect(termSearch({ year: '2025', term: 'winter' })).toEqual({ year: 2025 })
    expect(termSearch({ year: 1999 })).toEqual({})
    expect(chosenTerm({ term: 'summer' }, '2026-11-23')).toEqual({ year: 2026, term: 'summer' })
    expect(yearChoices(2026, '2026-11-23')).toEqual([2027, 2026, 2025, 2024, 2023, 2022, 2021])
    expect(yearChoices(2010, '2026-11-23').at(-1)).toBe(2010)
  })
})

const figures: LessonFigures = {
  from: '2026-09-01',
  to: '2026-11-23',
  delivered: 12,
  byMonth: [
    { key: '2026-09', label: 'Sept 2026', delivered: 3 },
    { key: '2026-10', label: 'Oct 2026', delivered: 5 },
    { key: '2026-11', label: 'Nov 2026', delivered: 4 },
  ],
  byMode: [
    { key: 'home', label: 'At home', delivered: 6 },
    { key: 'school', label: 'At school', delivered: 6 },
    { key: 'online', label: 'Online', delivered: 0 },
    { key: 'community', label: 'In the community', delivered: 0 },
  ],
  byTutor: [{ key: 'b3c1d2e4-0000-4000-8000-000000000001', label: 'Tom Tutor', delivered: 12 }],
  bySchool: [
    { key: 'b3c1d2e4-0000-4000-8000-000000000002', label: 'Riverside Primary School', delivered: 8 },
    { key: 'none', label: 'No school', delivered: 4 },
  ],
  attendance: { present: 9, late: 1, absent: 2, rate: 10 / 12 },
  reports: { onTime: 9, late: 3 },
}

describe('the figures page', () => {
  beforeEach(() => {
    // jsdom lays nothing out, so every chart measures 0 by 0 and recharts says so; other warnings still show.
    const warn = console.warn.bind(console)
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args)
    })
  })
  afterEach(() => vi.restoreAllMocks())

  it('shows each figure as a table beside its chart, and saves a figure’s rows as CSV', async () => {
    const queries: string[] = []
    const { router } = renderApp('/admin/reports/figures?from=2026-09-01&to=2026-11-23', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/lesson-figures': (request) => {
          queries.push(new URL(request.url).search)
          return json(200, figures)
        },
      },
    })
    await screen.findByRole('heading', { name: 'Figures', level: 1 })
    const months = await screen.findByRole('table', { name: 'Lessons delivered in each month' })
    expect(within(months).getByRole('rowheader', { name: 'Oct 2026' })).toBeDefined()
    expect(queries).toContain('?from=2026-09-01&to=2026-11-23')
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'From Tuesday 1 September 2026 to Monday 23 November 2026.')).toBeDefined()
    expect(screen.getByText('83%')).toBeDefined()
    for (const title of ['Lessons by month', 'Lessons by mode', 'Attendance', 'Reports on time', 'Lessons per tutor', 'Lessons per school']) {
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeDefined()
    }
    const attendance = screen.getByRole('table', { name: 'Learners’ attendance marks' })
    expect(within(within(attendance).getByRole('row', { name: /Absent/ })).getByText('17%')).toBeDefined()
    expect(screen.getByLabelText(/First day/)).toHaveProperty('value', '2026-09-01')

    // The file itself comes from the API client, stood in for here: jsdom's Blob is not the one fetch answers with.
    const rows = vi.spyOn(router.options.context.api.lessonFigures, 'exportRows').mockResolvedValue(new Blob(['month,date\r\n2026-09,2026-09-02\r\n']))
    const saved: string[] = []
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:figures')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV: lessons by month' }))
    await screen.findByText('Downloaded tec-month-2026-09-01-to-2026-11-23.csv')
    expect(rows).toHaveBeenCalledWith({ from: '2026-09-01', to: '2026-11-23', figure: 'month' })
    expect(saved).toEqual(['tec-month-2026-09-01-to-2026-11-23.csv'])

    // A quick choice changes the address, and the fields follow it.
    const today = londonDay(new Date())
    await userEvent.click(screen.getByRole('link', { name: 'This school year' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ from: schoolYearStart(today), to: today }))
    expect(screen.getByLabelText(/First day/)).toHaveProperty('value', schoolYearStart(today))
    expect(screen.getByLabelText(/Last day/)).toHaveProperty('value', today)
  })

  it('says when the file could not be made', async () => {
    renderApp('/admin/reports/figures?from=2026-09-01&to=2026-11-23', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/lesson-figures': () => json(200, figures),
        'GET /admin/lesson-figures/export': () => json(503, { message: 'The service is busy. Try again in a minute.' }),
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV: attendance' }))
    await screen.findByText('The file was not downloaded: The service is busy. Try again in a minute.')
  })

  it('suggests a wider period when nothing was delivered, and refuses a period that ends before it starts', async () => {
    const empty: LessonFigures = {
      ...figures,
      delivered: 0,
      byMonth: figures.byMonth.map((month) => ({ ...month, delivered: 0 })),
      byMode: figures.byMode.map((mode) => ({ ...mode, delivered: 0 })),
      byTutor: [],
      bySchool: [],
      attendance: { present: 0, late: 0, absent: 0, rate: 0 },
      reports: { onTime: 0, late: 0 },
    }
    const { router } = renderApp('/admin/reports/figures?from=2026-09-01&to=2026-11-23', { ...signedInAdmin, handlers: { 'GET /admin/lesson-figures': () => json(200, empty) } })
    await screen.findByText('No lessons were delivered in this period')
    expect(screen.queryByRole('table')).toBeNull()

    const user = userEvent.setup()
    await user.clear(screen.getByLabelText(/First day/))
    await user.type(screen.getByLabelText(/First day/), '2026-12-01')
    await user.click(screen.getByRole('button', { name: 'Show figures' }))
    await screen.findByText('The last day cannot come before the first.')
    expect(router.state.location.search).toEqual({ from: '2026-09-01', to: '2026-11-23' })
  })
})

const schoolId = 'b3c1d2e4-0000-4000-8000-000000000002'
const summary: SchoolTermSummary = {
  school: { id: schoolId, name: 'Riverside Primary School' },
  year: 2026,
  term: 'autumn',
  from: '2026-09-01',
  to: '2026-12-31',
  learners: [
    { learner: { id: 'b3c1d2e4-0000-4000-8000-000000000003', name: 'Amy Learner' }, lessons: 4, present: 3, late: 0, absent: 1, rate: 0.75 },
    { learner: { id: 'b3c1d2e4-0000-4000-8000-000000000004', name: 'Ben Learner' }, lessons: 1, present: 0, late: 0, absent: 0, rate: 0 },
  ],
  excerpts: [
    {
      lessonId: 'b3c1d2e4-0000-4000-8000-000000000005',
      date: '2026-10-05',
      learner: { id: 'b3c1d2e4-0000-4000-8000-000000000003', name: 'Amy Learner' },
      subject: 'Maths',
      tutor: 'Tom Tutor',
      progress: 'Fractions are secure.\nNext: decimals. <b>not bold</b>',
    },
  ],
}

describe('the term summary', () => {
  it('shows the learners’ attendance and the approved progress notes, and another term when chosen', async () => {
    const terms: string[] = []
    renderApp(`/admin/schools/${schoolId}/summary?year=2026&term=autumn`, {
      ...signedInAdmin,
      handlers: {
        [`GET /admin/schools/${schoolId}/term-summary`]: (request) => {
          const search = new URL(request.url).searchParams
          terms.push(`${search.get('term')} ${search.get('year')}`)
          return search.get('term') === 'autumn' ? json(200, summary) : json(200, { ...summary, term: 'spring', year: 2026, from: '2026-01-01', to: '2026-03-31', learners: [], excerpts: [] })
        },
      },
    })
    await screen.findByRole('heading', { name: 'Riverside Primary School — Autumn term 2026', level: 1 })
    const learners = screen.getByRole('table', { name: /by learner/ })
    expect(within(within(learners).getByRole('row', { name: /Amy Learner/ })).getByText('75%')).toBeDefined()
    expect(within(within(learners).getByRole('row', { name: /Ben Learner/ })).getByText('Not marked')).toBeDefined()
    const learnerNotes = (name: string) => screen.getByRole('heading', { name, level: 3 }).parentElement as HTMLElement
    const amy = learnerNotes('Amy Learner')
    expect(within(amy).getByText(/Fractions are secure/).textContent).toBe('Fractions are secure.\nNext: decimals. <b>not bold</b>')
    expect(within(amy).getByText(/Monday 5 October 2026/)).toBeDefined()
    expect(within(learnerNotes('Ben Learner')).getByText(/No report/)).toBeDefined()
    expect(screen.getByRole('button', { name: 'Print' })).toBeDefined()

    await userEvent.selectOptions(screen.getByLabelText('Term'), 'spring')
    await screen.findByText('There were no lessons this term for Riverside Primary School’s learners. Choose another term to see its summary.')
    expect(screen.getByRole('heading', { name: 'Riverside Primary School — Spring term 2026', level: 1 })).toBeDefined()
    expect(terms.at(-1)).toBe('spring 2026')
  })

  it('shows the school’s not-found page for a school the server does not know', async () => {
    renderApp(`/admin/schools/${schoolId}/summary`, {
      ...signedInAdmin,
      handlers: { [`GET /admin/schools/${schoolId}/term-summary`]: () => json(404, { message: 'We could not find that school.' }) },
    })
    await screen.findByRole('heading', { name: 'We could not find that school' })
  })
})
