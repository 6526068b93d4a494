import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { admin, otherToken, sessionFor, token, tutor } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const signedInTutor = { session: { user: tutor, token, remember: true }, io: { verifySession: () => Promise.resolve(tutor) } }

/** A tutor with the second step on, and `left` unused recovery codes. */
function renderWithCodesLeft(left: number) {
  const withStep = { ...tutor, secondFactor: true }
  renderApp('/tutor/settings', {
    session: { user: withStep, token, remember: true },
    io: { verifySession: () => Promise.resolve(withStep) },
    handlers: {
      'GET /auth/me': () => json(200, withStep),
      'GET /auth/second-factor': () => json(200, { enabled: true, enabledAt: '2026-11-02T09:00:00.000Z', required: false, recoveryCodesLeft: left }),
      'GET /auth/sessions': () => json(200, []),
    },
  })
}

async function changePassword(current: string, next: string) {
  await userEvent.type(await screen.findByLabelText(/^Current password/), current)
  await userEvent.type(screen.getByLabelText(/^New password/), next)
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), next)
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
}

describe('settings', () => {
  it('changes the password and takes the new token', async () => {
    const { auth } = renderApp('/tutor/settings', {
      ...signedInTutor,
      handlers: { 'GET /auth/me': () => json(200, tutor), 'PATCH /auth/change-password': () => json(200, sessionFor(tutor, otherToken)) },
    })
    await changePassword('ChangeMe-2026!', 'a brand new password')
    expect(await screen.findByText('Your password has been changed')).toBeDefined()
    expect(auth.getSnapshot().context.token).toBe(otherToken)
  })

  it('shows a wrong current password under its field and keeps the session', async () => {
    const { auth } = renderApp('/tutor/settings', {
      ...signedInTutor,
      handlers: {
        'GET /auth/me': () => json(200, tutor),
        'PATCH /auth/change-password': () => json(400, { message: 'Check the highlighted fields.', fields: { currentPassword: 'That is not your current password.' } }),
      },
    })
    await changePassword('wrong', 'a brand new password')
    expect(await screen.findByText('That is not your current password.')).toBeDefined()
    expect(auth.getSnapshot().context.token).toBe(token)
  })

  it('asks administrators for at least 12 characters', async () => {
    renderApp('/admin/settings', {
      session: { user: admin, token, remember: true },
      io: { verifySession: () => Promise.resolve(admin) },
      handlers: { 'GET /auth/me': () => json(200, admin) },
    })
    await changePassword('ChangeMe-2026!', 'elevenchars')
    expect(await screen.findByText('Use at least 12 characters for an admin account.')).toBeDefined()
  })

  it.each([
    ['            ', 'A password needs more than spaces.'],
    ['aaaaaaaaaaaa', 'A password needs more than one character typed again and again.'],
    ['tutor@tec.test', 'Do not use your email address or your name as your password.'],
    ['Tom Tutor 2026!', 'Do not use your email address or your name as your password.'],
    ['TecTutoring2026', 'This password would be easy to guess. Try three or four unrelated words together.'],
  ])('refuses %j before asking the server, in the server’s words', async (password, message) => {
    let asked = false
    renderApp('/tutor/settings', {
      ...signedInTutor,
      handlers: {
        'GET /auth/me': () => json(200, tutor),
        'PATCH /auth/change-password': () => {
          asked = true
          return json(200, sessionFor(tutor, otherToken))
        },
      },
    })
    await changePassword('ChangeMe-2026!', password)
    expect(await screen.findByText(message)).toBeDefined()
    expect(asked).toBe(false)
  })

  it('shows the server’s verdict on a guessable password under the field', async () => {
    const guessable = 'This password would be easy to guess. Try three or four unrelated words together.'
    renderApp('/tutor/settings', {
      ...signedInTutor,
      handlers: {
        'GET /auth/me': () => json(200, tutor),
        'PATCH /auth/change-password': () => json(400, { message: 'Check the highlighted fields.', fields: { newPassword: guessable } }),
      },
    })
    await changePassword('ChangeMe-2026!', 'qwertyuiopasdf')
    const message = await screen.findByText(guessable)
    expect(message.id).not.toBe('')
    expect(screen.getByLabelText(/^New password/).getAttribute('aria-describedby')).toContain(message.id)
  })

  it('saves the name and shows it in the header', async () => {
    const { auth } = renderApp('/tutor/settings', {
      ...signedInTutor,
      handlers: { 'GET /auth/me': () => json(200, tutor), 'PATCH /auth/me': () => json(200, { ...tutor, name: 'Tomás Tutor' }) },
    })
    const name = await screen.findByLabelText(/^Name/)
    await userEvent.clear(name)
    await userEvent.type(name, 'Tomás Tutor')
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }))
    expect(await screen.findByText('Your name has been saved')).toBeDefined()
    await waitFor(() => expect(auth.getSnapshot().context.user?.name).toBe('Tomás Tutor'))
  })

  it('says how many recovery codes are left, asking for new ones only when few are', async () => {
    renderWithCodesLeft(4)
    const section = await screen.findByRole('region', { name: 'Second sign-in step' })
    expect(await within(section).findByText(/4 recovery codes are left\./)).toBeDefined()
    expect(within(section).queryByText(/Make new ones/)).toBeNull()
  })

  it('asks for new recovery codes when few are left, until the person starts making them', async () => {
    renderWithCodesLeft(2)
    expect(await screen.findByText('Only 2 recovery codes are left. Make new ones, so that losing your phone does not lock you out.')).toBeDefined()
    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }))
    expect(screen.queryByText(/Only 2 recovery codes are left/)).toBeNull()
  })

  it('says plainly when no recovery codes are left', async () => {
    renderWithCodesLeft(0)
    expect(await screen.findByText('No recovery codes are left. Make new ones now: without them, losing your phone locks you out.')).toBeDefined()
  })

  it('asks for the password before setting up the second step, with a wrong one shown under its field, which takes the focus', async () => {
    const sent: unknown[] = []
    renderApp('/tutor/settings', {
      ...signedInTutor,
      handlers: {
        'GET /auth/me': () => json(200, tutor),
        'GET /auth/second-factor': () => json(200, { enabled: false, required: false, recoveryCodesLeft: 0 }),
        'GET /auth/sessions': () => json(200, []),
        'POST /auth/second-factor/setup': async (request) => {
          const body = (await request.json()) as { password: string }
          sent.push(body)
          return body.password === 'ChangeMe-2026!'
            ? json(200, { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/TEC:tutor%40tec.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=TEC' })
            : json(400, { message: 'The password is incorrect.', fields: { password: 'The password is incorrect.' } })
        },
      },
    })
    const password = await screen.findByLabelText(/^Your password/)
    await userEvent.click(screen.getByRole('button', { name: 'Set up the second step' }))
    expect(await screen.findByText('Enter your password.')).toBeDefined()
    expect(sent).toEqual([])
    await userEvent.type(password, 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Set up the second step' }))
    expect(await screen.findByText('The password is incorrect.')).toBeDefined()
    await waitFor(() => expect(document.activeElement).toBe(password))
    await userEvent.clear(password)
    await userEvent.type(password, 'ChangeMe-2026!')
    await userEvent.click(screen.getByRole('button', { name: 'Set up the second step' }))
    expect(await screen.findByTitle('QR code for your authenticator app')).toBeDefined()
    expect(sent).toEqual([{ password: 'wrong' }, { password: 'ChangeMe-2026!' }])
  })
})
