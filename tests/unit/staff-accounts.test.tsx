import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { StaffAccount, StaffAccountPage } from '@/api/staff'
import { admin, token } from './auth-fixtures'
import { json, type Handler } from './fake-api-server'
import { renderApp } from './render-app'

const signedInAdmin = { session: { user: admin, token, remember: true }, io: { verifySession: () => Promise.resolve(admin) } }

const account = (id: string, name: string, role: StaffAccount['role'], status: StaffAccount['status'], lastSignInAt?: string): StaffAccount => ({
  id,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@tec.test`,
  role,
  status,
  secondFactor: false,
  safeguardingLead: role === 'ADMIN' && status === 'active',
  ...(lastSignInAt ? { lastSignInAt } : {}),
  createdAt: '2026-09-01T09:00:00.000Z',
})
const you = account(admin.id, admin.name, 'ADMIN', 'active', '2026-11-23T09:30:00.000Z')
const bea = account('7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e01', 'Bea Tutor', 'TUTOR', 'active', '2026-11-20T16:05:00.000Z')
const cal = account('7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e02', 'Cal Admin', 'ADMIN', 'invited')
const page = (items: StaffAccount[]): StaffAccountPage => ({ items, total: items.length, page: 1, pageSize: 20 })

const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr') as HTMLElement

describe('/admin/settings/staff', () => {
  it('lists the accounts with their role and status, and offers no changes on your own', async () => {
    const asked: (string | null)[] = []
    const handlers: Record<string, Handler> = {
      'GET /admin/staff': (request) => {
        asked.push(new URL(request.url).searchParams.get('role'))
        return json(200, page([you, bea, cal]))
      },
    }
    renderApp('/admin/settings/staff', { ...signedInAdmin, handlers })

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff accounts' })).toBeDefined()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', { name: 'Staff accounts' }).getAttribute('aria-current')).toBe('page')
    const table = await screen.findByRole('table', { name: 'Staff accounts' })

    const beaRow = rowOf(table, 'Bea Tutor')
    expect(within(beaRow).getByText('bea@tec.test')).toBeDefined()
    expect(within(beaRow).getAllByText('Tutor').length).toBeGreaterThan(0)
    expect(within(beaRow).getByText('Active')).toBeDefined()
    const calRow = rowOf(table, 'Cal Admin')
    expect(within(calRow).getByText('Invited')).toBeDefined()
    expect(within(calRow).getByText('Never')).toBeDefined()

    const yourRow = rowOf(table, admin.name)
    expect(within(yourRow).getByText('This is you')).toBeDefined()
    expect(within(yourRow).queryByRole('button')).toBeNull()

    expect(screen.getByRole('radio', { name: 'Deactivated (cannot sign in)' })).toBeDefined()
    expect(screen.getByRole('radio', { name: 'Left (a tutor who has left; cannot sign in)' })).toBeDefined()
    await userEvent.click(screen.getByRole('radio', { name: 'Tutor' }))
    await waitFor(() => expect(asked).toContain('TUTOR'))
  })

  it('deactivates another account after a dialog that says what happens', async () => {
    const changes: unknown[] = []
    let deactivated = false
    renderApp('/admin/settings/staff', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/staff': () => json(200, page([you, deactivated ? { ...bea, status: 'deactivated' } : bea, cal])),
        [`PUT /admin/staff/${bea.id}/status`]: async (request) => {
          changes.push(await request.json())
          deactivated = true
          return json(200, { ...bea, status: 'deactivated' })
        },
      },
    })

    await userEvent.click(await screen.findByRole('button', { name: 'Change Bea Tutor’s account' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Bea Tutor’s account?' })
    expect(dialog.textContent).toContain('signed out everywhere at once')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate the account' }))

    await waitFor(() => expect(changes).toEqual([{ active: false }]))
    expect(await screen.findByText('Bea Tutor can no longer sign in')).toBeDefined()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const table = screen.getByRole('table', { name: 'Staff accounts' })
    await waitFor(() => expect(within(rowOf(table, 'Bea Tutor')).getByText('Deactivated')).toBeDefined())
  })

  it('resets the second step of an account that has it on, after a dialog that says what happens', async () => {
    const withStep = { ...bea, secondFactor: true }
    const resets: string[] = []
    renderApp('/admin/settings/staff', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/staff': () => json(200, page([you, resets.length > 0 ? bea : withStep, cal])),
        [`DELETE /admin/staff/${bea.id}/second-factor`]: (request) => {
          resets.push(request.method)
          return json(200, bea)
        },
      },
    })

    const table = await screen.findByRole('table', { name: 'Staff accounts' })
    expect(within(rowOf(table, 'Bea Tutor')).getByText('On')).toBeDefined()
    // Offered only where the step is on.
    await userEvent.click(await screen.findByRole('button', { name: 'Change Cal Admin’s account' }))
    await screen.findByRole('menuitem', { name: 'Make tutor' })
    expect(screen.queryByRole('menuitem', { name: 'Reset second sign-in step' })).toBeNull()
    await userEvent.keyboard('{Escape}')

    await userEvent.click(screen.getByRole('button', { name: 'Change Bea Tutor’s account' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reset second sign-in step' }))
    const dialog = await screen.findByRole('dialog', { name: 'Reset Bea Tutor’s second sign-in step?' })
    expect(dialog.textContent).toContain('their authenticator app and recovery codes stop working')
    expect(dialog.textContent).toContain('They are mailed to say so')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset the second step' }))

    await waitFor(() => expect(resets).toEqual(['DELETE']))
    expect(await screen.findByText('Bea Tutor’s second sign-in step is reset')).toBeDefined()
    await waitFor(() => expect(within(rowOf(screen.getByRole('table', { name: 'Staff accounts' }), 'Bea Tutor')).getByText('Off')).toBeDefined())
  })

  it('offers no changes on an anonymised account, saying it was anonymised', async () => {
    const gone = { ...account('7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e03', 'Former tutor', 'TUTOR', 'deactivated'), anonymisedAt: '2026-10-01T09:00:00.000Z' }
    renderApp('/admin/settings/staff', { ...signedInAdmin, handlers: { 'GET /admin/staff': () => json(200, page([you, bea, gone])) } })

    const table = await screen.findByRole('table', { name: 'Staff accounts' })
    const row = rowOf(table, 'Former tutor')
    expect(within(row).getByText('Anonymised: cannot be changed')).toBeDefined()
    expect(within(row).queryByRole('button')).toBeNull()
    expect(within(rowOf(table, 'Bea Tutor')).getByRole('button', { name: 'Change Bea Tutor’s account' })).toBeDefined()
  })

  it('shows a refusal from the server in the dialog', async () => {
    const lastAdmin = 'This is the last active admin: the office would have nobody left to run it. Make another account an admin first.'
    renderApp('/admin/settings/staff', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/staff': () => json(200, page([you, bea, cal])),
        [`PUT /admin/staff/${cal.id}/role`]: () => json(409, { message: lastAdmin }),
      },
    })

    await userEvent.click(await screen.findByRole('button', { name: 'Change Cal Admin’s account' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Make tutor' }))
    const dialog = await screen.findByRole('dialog', { name: 'Make Cal Admin a tutor?' })
    expect(dialog.textContent).toContain('empty tutor profile')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make them a tutor' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(lastAdmin)
  })

  it('invites an admin, showing an email already in use at the email field', async () => {
    const sent: unknown[] = []
    const taken = 'An account already uses bea@tec.test. Find it in the list and change its role instead.'
    renderApp('/admin/settings/staff', {
      ...signedInAdmin,
      handlers: {
        'GET /admin/staff': () => json(200, page([you, bea, cal])),
        'POST /admin/staff': async (request) => {
          const body = (await request.json()) as { name: string; email: string }
          sent.push(body)
          return body.email === 'bea@tec.test'
            ? json(409, { message: taken, fields: { email: taken } })
            : json(201, { ...account('7d1e2f30-4a5b-4c6d-8e9f-0a1b2c3d4e03', body.name, 'ADMIN', 'invited'), email: body.email })
        },
      },
    })

    await userEvent.click(await screen.findByRole('button', { name: 'Invite an admin' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite an admin' })
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Bea Again')
    const email = within(dialog).getByRole('textbox', { name: /^Email/ })
    await userEvent.type(email, 'bea@tec.test')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the invitation' }))

    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    expect(within(dialog).getByText(taken)).toBeDefined()
    expect(within(dialog).queryByRole('alert')).toBeNull()

    await userEvent.clear(email)
    await userEvent.type(email, 'dan@tec.test')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the invitation' }))
    expect(await screen.findByText('Invitation sent to dan@tec.test')).toBeDefined()
    expect(sent).toEqual([
      { name: 'Bea Again', email: 'bea@tec.test', safeguardingLead: false },
      { name: 'Bea Again', email: 'dan@tec.test', safeguardingLead: false },
    ])
  })
})
