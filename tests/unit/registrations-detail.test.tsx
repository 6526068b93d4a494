import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Registration } from '@/api/registrations'
import { admin, token } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }
const id = '6fd2e697-2f52-422a-9e73-de05270613fd'

const enrolment: Registration = {
  id,
  reference: 'TEC-SCH-1GNE1K',
  type: 'school',
  status: 'in_review',
  name: 'Riverside Primary School',
  email: 'h.carter@riverside.example',
  summary: 'Bristol · about 40 pupils · Reading, Maths',
  createdAt: '2026-11-20T04:07:46.710Z',
  updatedAt: '2026-11-20T05:07:46.710Z',
  answers: {
    school: { name: 'Riverside Primary School', type: 'primary', address: { line1: '1 School Lane', town: 'Bristol', postcode: 'bs1 4dj' } },
    mainContact: { name: 'Helen Carter', role: 'Deputy head', email: 'h.carter@riverside.example', phone: '0117 496 0123' },
    safeguardingLead: { name: 'Tom Reid', email: 'tom.reid@riverside.example' },
    subjects: ['Reading', 'Maths'],
    yearGroups: ['year_5', 'year_6'],
    pupilCount: 40,
    delivery: ['school_day'],
    preferredDays: ['monday'],
    startTerm: 'spring',
    startYear: 2027,
    privacyConsent: true,
    marketingConsent: false,
  },
  events: [
    { id: '9a7d6e23-35c9-4e79-bbcb-cad8f0e6ceff', kind: 'submitted', at: '2026-11-20T04:07:46.710Z', toStatus: 'new' },
    {
      id: '0ffeaae6-f5d7-49de-9dcd-bf107e623af4',
      kind: 'status',
      at: '2026-11-20T05:07:46.710Z',
      actor: { id: admin.id, name: 'Ada Admin' },
      fromStatus: 'new',
      toStatus: 'in_review',
      note: 'Checking the safeguarding lead.',
    },
  ],
  created: {},
  allowedStatuses: ['new', 'rejected', 'withdrawn'],
  canAccept: true,
}

// Whole-app renders in jsdom take a few seconds on a busy two-core machine.
describe('a registration', () => {
  it('shows the answers with labels, the history with who and what, and the actions its status allows', async () => {
    renderApp(`/admin/registrations/${id}`, { ...signedInAdmin, handlers: { [`GET /admin/registrations/${id}`]: () => json(200, enrolment) } })
    await screen.findByRole('heading', { name: 'Riverside Primary School', level: 1 })
    expect(screen.getByText('Safeguarding lead')).toBeDefined()
    expect(screen.getByText('Year 5, Year 6')).toBeDefined()
    expect(screen.getByText('Spring term 2027')).toBeDefined()
    // The person who filled in the form, not the school it is about.
    expect(screen.getByText('Sent by Helen Carter (h.carter@riverside.example) through the website')).toBeDefined()
    expect(screen.getByText('Ada Admin moved it from New to In review')).toBeDefined()
    expect(screen.getByText('Checking the safeguarding lead.')).toBeDefined()
    const actions = screen.getByRole('group', { name: 'Actions' })
    expect(within(actions).queryByRole('button', { name: 'Start review' })).toBeNull()
    expect(within(actions).getByRole('button', { name: 'Accept' })).toBeDefined()
    expect(within(actions).getByRole('button', { name: 'Move back to New' })).toBeDefined()
  })

  it('asks for a reason before rejecting, then sends it with the choice to email', async () => {
    const bodies: unknown[] = []
    renderApp(`/admin/registrations/${id}`, {
      ...signedInAdmin,
      handlers: {
        [`GET /admin/registrations/${id}`]: () => json(200, enrolment),
        [`POST /admin/registrations/${id}/status`]: async (request) => {
          bodies.push(await request.json())
          return json(200, { ...enrolment, status: 'rejected', allowedStatuses: ['in_review'], canAccept: false })
        },
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reject this registration?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await within(dialog).findByText('Enter a reason; it is kept in the history.')).toBeDefined()
    expect(bodies).toEqual([])

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'No tutor is free on Mondays.')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Email h.carter@riverside.example the reason' }))
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('Registration rejected')).toBeDefined()
    expect(bodies).toEqual([{ status: 'rejected', reason: 'No tutor is free on Mondays.', notify: true }])
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reopen for review' })).toBeDefined())
  })

  it('says so in the dialog when the tutor’s email already has an account (409)', async () => {
    const tutorApplication: Registration = {
      ...enrolment,
      type: 'tutor',
      name: 'Tom Tutor',
      email: 'tutor@tec.test',
      answers: {
        personal: { name: 'Tom Tutor', email: 'tutor@tec.test', phone: '07700 900123', postcode: 'M1 1AE' },
        teaching: {
          subjects: ['Maths'],
          levels: ['gcse'],
          highestQualification: 'degree',
          qualifiedTeacher: false,
          qualifications: 'BSc Mathematics',
          experienceYears: 2,
          experience: 'Two years of tutoring.',
        },
        delivery: { modes: ['online'] },
        availability: { days: ['monday'], times: ['evening'], hoursPerWeek: 4 },
        backgroundCheck: { hasEnhancedCheck: false, consentToCheck: true },
        referees: [
          { name: 'Sam Reed', relationship: 'Head of maths', email: 'sam@example.org', phone: '07700 900111' },
          { name: 'Ali Khan', relationship: 'Deputy head', email: 'ali@example.org', phone: '07700 900222' },
        ],
        personalStatement: 'I enjoy helping learners find their confidence with numbers, one step at a time.',
        privacyConsent: true,
      },
    }
    renderApp(`/admin/registrations/${id}`, {
      ...signedInAdmin,
      handlers: {
        [`GET /admin/registrations/${id}`]: () => json(200, tutorApplication),
        [`POST /admin/registrations/${id}/accept`]: () => json(409, { message: 'An account already uses tutor@tec.test, so no tutor account was created.' }),
      },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }))
    const dialog = await screen.findByRole('dialog', { name: 'Accept this tutor application?' })
    expect(within(dialog).getByText(/emails them a link to set their password/)).toBeDefined()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept and send the email' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('An account already uses tutor@tec.test')
  })

  it('shows a not-found page for an unknown registration', async () => {
    renderApp(`/admin/registrations/${id}`, {
      ...signedInAdmin,
      handlers: { [`GET /admin/registrations/${id}`]: () => json(404, { message: 'No such registration.' }) },
    })
    expect(await screen.findByRole('heading', { name: 'We could not find that registration' })).toBeDefined()
  })
})
