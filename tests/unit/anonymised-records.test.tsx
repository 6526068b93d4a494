import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
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

const studentId = '4b2e9d1c-6a3f-4e8b-9c7d-1f0e2d3c4b01'
const learner: Schemas['StudentRecord'] = {
  id: studentId,
  version: 3,
  fields: {
    name: 'Ada Lane',
    contact: { name: 'Mo Lane', email: 'mo@example.test', phone: '07700 900123' },
    subjects: ['Maths'],
    deliveryMode: 'online',
    status: 'waiting',
  },
  createdAt: '2026-09-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
}
const anonymisedLearner: Schemas['StudentRecord'] = {
  ...learner,
  fields: { ...learner.fields, name: 'Anonymised learner A1B2', contact: { name: 'Anonymised', email: 'anonymised@invalid', phone: '00000000000' } },
  anonymisedAt: '2026-11-20T10:00:00.000Z',
}

const tutorId = '4b2e9d1c-6a3f-4e8b-9c7d-1f0e2d3c4b02'
const tutor: Schemas['TutorRecord'] = {
  id: tutorId,
  version: 2,
  email: 'tess@tec.test',
  status: 'active',
  accountDeactivated: false,
  fields: { name: 'Tess Tutor', subjects: ['Maths'], levels: ['gcse'], modes: ['online'] },
  checks: [],
  checkState: 'none',
  createdAt: '2026-09-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
}
const anonymisedTutor: Schemas['TutorRecord'] = {
  ...tutor,
  email: 'anonymised-tutor@invalid',
  status: 'left',
  accountDeactivated: true,
  fields: { ...tutor.fields, name: 'Former tutor C3D4' },
  anonymisedAt: '2026-11-20T10:00:00.000Z',
}

// Whole-app renders in jsdom take a few seconds on a busy two-core machine.
describe('an anonymised record', () => {
  it('learner: offers no Edit or placing with a tutor, saying the record was anonymised', async () => {
    renderApp(`/admin/students/${studentId}`, { ...signedInAdmin, handlers: { ...around, [`GET /admin/students/${studentId}`]: () => json(200, anonymisedLearner) } })

    await screen.findByRole('heading', { level: 1, name: 'Anonymised learner A1B2' })
    const notice = await screen.findByRole('alert', { name: 'This record was anonymised' })
    expect(notice.textContent).toContain('can no longer be changed or placed with a tutor')
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Place with a tutor' })).toBeNull()
  })

  it('learner not anonymised: offers both, and says nothing of anonymising', async () => {
    renderApp(`/admin/students/${studentId}`, { ...signedInAdmin, handlers: { ...around, [`GET /admin/students/${studentId}`]: () => json(200, learner) } })

    await screen.findByRole('heading', { level: 1, name: 'Ada Lane' })
    expect(screen.getByRole('link', { name: 'Edit' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Place with a tutor' })).toBeDefined()
    expect(screen.queryByRole('alert', { name: 'This record was anonymised' })).toBeNull()
  })

  it('tutor: offers no profile edit, status change or check, saying the record was anonymised', async () => {
    renderApp(`/admin/tutors/${tutorId}`, { ...signedInAdmin, handlers: { ...around, [`GET /admin/tutors/${tutorId}`]: () => json(200, anonymisedTutor) } })

    await screen.findByRole('heading', { level: 1, name: 'Former tutor C3D4' })
    expect((await screen.findByRole('alert', { name: 'This record was anonymised' })).textContent).toContain('can no longer be changed.')
    expect(screen.queryByRole('link', { name: 'Edit the profile' })).toBeNull()
    for (const name of ['Make active again', 'Pause', 'Mark as left', 'Record a check']) expect(screen.queryByRole('button', { name }), name).toBeNull()
    // Nor the next step of reactivating the account, which can no longer be done.
    expect(screen.queryByText(/can reactivate it/)).toBeNull()
  })

  it('tutor not anonymised: offers them', async () => {
    renderApp(`/admin/tutors/${tutorId}`, { ...signedInAdmin, handlers: { ...around, [`GET /admin/tutors/${tutorId}`]: () => json(200, tutor) } })

    await screen.findByRole('heading', { level: 1, name: 'Tess Tutor' })
    expect(screen.getByRole('link', { name: 'Edit the profile' })).toBeDefined()
    for (const name of ['Pause', 'Mark as left', 'Record a check']) expect(screen.getByRole('button', { name }), name).toBeDefined()
  })
})

describe('the learner edit form refused with 409', () => {
  const anonymisedMeanwhile = 'This record was anonymised and can no longer be changed.'
  const stale = 'Someone else changed this record since you opened it. Reload it to see their changes, then make yours again.'

  async function saveRefusedWith(message: string) {
    renderApp(`/admin/students/${studentId}/edit`, {
      ...signedInAdmin,
      handlers: {
        ...around,
        [`GET /admin/students/${studentId}`]: () => json(200, learner),
        [`PUT /admin/students/${studentId}`]: () => json(409, { message }),
      },
    })
    await screen.findByRole('heading', { level: 1, name: 'Edit Ada Lane' })
    await userEvent.click(screen.getByRole('button', { name: 'Save the changes' }))
    return screen.findByRole('alert')
  }

  it('shows a refusal that is not a version conflict under its own title, with no offer to reload', async () => {
    const alert = await saveRefusedWith(anonymisedMeanwhile)
    expect(within(alert).getByText('The changes were not saved')).toBeDefined()
    expect(alert.textContent).toContain(anonymisedMeanwhile)
    expect(alert.textContent).not.toContain('This record changed while you were editing it')
    expect(within(alert).queryByRole('button', { name: 'Reload the record' })).toBeNull()
  })

  it('still shows a version conflict as a change made meanwhile, offering to reload', async () => {
    const alert = await saveRefusedWith(stale)
    expect(within(alert).getByText('This record changed while you were editing it')).toBeDefined()
    expect(alert.textContent).toContain(stale)
    expect(within(alert).getByRole('button', { name: 'Reload the record' })).toBeDefined()
  })
})
