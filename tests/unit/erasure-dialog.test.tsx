import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Registration } from '@/api/registrations'
import { admin, token } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }
const id = '0b8e7a4e-5f55-4c55-9a49-1f6f3c6c1d2a'

const enrolment: Registration = {
  id,
  reference: 'TEC-SUB-7K3Q9P',
  type: 'subject',
  status: 'new',
  name: 'Anya Shah',
  email: 'priya@example.org',
  summary: 'Maths · At home',
  createdAt: '2026-11-20T04:07:46.710Z',
  updatedAt: '2026-11-20T04:07:46.710Z',
  answers: {
    applicantType: 'parent_guardian',
    contact: { name: 'Priya Shah', relationship: 'parent', email: 'priya@example.org', phone: '07700 900111', preferredContact: 'email' },
    student: { name: 'Anya Shah', yearGroup: 'year_10' },
    subjects: ['Maths'],
    level: 'gcse',
    goals: 'Confidence with algebra.',
    deliveryMode: 'online',
    availability: { days: ['tuesday'], times: ['after_school'], startDate: '2026-12-01', frequency: 'weekly', lessonMinutes: 60 },
    privacyConsent: true,
  },
  events: [{ id: '9a7d6e23-35c9-4e79-bbcb-cad8f0e6ceff', kind: 'submitted', at: '2026-11-20T04:07:46.710Z', toStatus: 'new' }],
  created: {},
  allowedStatuses: ['in_review', 'rejected', 'withdrawn'],
  canAccept: true,
}

async function openErase(deleteAnswer: () => Response) {
  const deletes: string[] = []
  renderApp(`/admin/registrations/${id}`, {
    ...signedInAdmin,
    handlers: {
      [`GET /admin/registrations/${id}`]: () => json(200, enrolment),
      [`DELETE /admin/registrations/${id}`]: (request) => {
        deletes.push(request.method)
        return deleteAnswer()
      },
      'GET /admin/registrations': () => json(200, { items: [], total: 0, page: 1, pageSize: 20, statusCounts: { new: 0, in_review: 0, accepted: 0, rejected: 0, withdrawn: 0 } }),
    },
  })
  await userEvent.click(await screen.findByRole('button', { name: 'Erase' }))
  const dialog = await screen.findByRole('dialog', { name: 'Erase this registration?' })
  return { dialog, deletes }
}

// Whole-app renders in jsdom take a few seconds on a busy two-core machine.
describe('the erase and anonymise dialog', () => {
  it('says what goes and what is kept, and keeps its button disabled until the name is typed as the record has it', async () => {
    const { dialog, deletes } = await openErase(() => new Response(null, { status: 204 }))
    expect(within(dialog).getByText('What goes')).toBeDefined()
    expect(within(dialog).getByText('Nothing else: no record was made from it')).toBeDefined()
    const erase = within(dialog).getByRole('button', { name: 'Erase' })
    expect(erase.hasAttribute('disabled')).toBe(true)
    const typed = within(dialog).getByRole('textbox', { name: 'Type Anya Shah to confirm' })
    await userEvent.type(typed, 'Anya Sha')
    expect(erase.hasAttribute('disabled')).toBe(true)
    await userEvent.type(typed, 'H  ')
    expect(erase.hasAttribute('disabled')).toBe(false)
    await userEvent.click(erase)
    expect(await screen.findByText('Registration TEC-SUB-7K3Q9P erased.')).toBeDefined()
    expect(deletes).toEqual(['DELETE'])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Erase this registration?' })).toBeNull())
  })

  it('shows the server’s reason for refusing in the dialog, with the focus on it', async () => {
    const { dialog } = await openErase(() => json(404, { message: 'We could not find that registration.' }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Type Anya Shah to confirm' }), 'anya shah')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('Nothing was changed')
    expect(alert.textContent).toContain('We could not find that registration.')
    await waitFor(() => expect(document.activeElement).toBe(alert))
  })
})
