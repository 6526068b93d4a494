import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

const resetToken = 'R'.repeat(43)

async function choosePassword(password: string, button = 'Save the new password') {
  await userEvent.type(await screen.findByLabelText(/^New password/), password)
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), password)
  await userEvent.click(screen.getByRole('button', { name: button }))
}

describe('/reset-password', () => {
  it('takes the token out of the address bar and uses it from memory', async () => {
    let sentToken: string | null = null
    const { router } = renderApp(`/reset-password?token=${resetToken}`, {
      handlers: {
        'PATCH /auth/reset-password': (request) => {
          sentToken = new URL(request.url).searchParams.get('token')
          return json(200, { message: 'Your password has been changed. Sign in with it.' })
        },
      },
    })
    await waitFor(() => expect(router.state.location.href).toBe('/reset-password'))
    await choosePassword('a long new password')
    expect(await screen.findByText('Your password has been changed. Sign in with it.')).toBeDefined()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(sentToken).toBe(resetToken)
  })

  it('checks the confirmation before asking the server', async () => {
    renderApp(`/reset-password?token=${resetToken}`)
    await userEvent.type(await screen.findByLabelText(/^New password/), 'a long new password')
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'something else')
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }))
    expect(await screen.findByText('The two passwords do not match.')).toBeDefined()
  })

  it('says so when the link has expired or was used, and offers a new one', async () => {
    renderApp(`/reset-password?token=${resetToken}`, {
      handlers: { 'PATCH /auth/reset-password': () => json(400, { message: 'Check the highlighted fields.', fields: { token: 'This link no longer works.' } }) },
    })
    await choosePassword('a long new password')
    expect(await screen.findByText('This link has expired or was already used.')).toBeDefined()
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password')
  })

  it('refuses a password of spaces or one repeated character before asking the server, in the server’s words', async () => {
    let asked = false
    renderApp(`/reset-password?token=${resetToken}`, {
      handlers: {
        'PATCH /auth/reset-password': () => {
          asked = true
          return json(200, { message: 'Changed.' })
        },
      },
    })
    await choosePassword('            ')
    expect(await screen.findByText('A password needs more than spaces.')).toBeDefined()
    await userEvent.clear(screen.getByLabelText(/^New password/))
    await userEvent.clear(screen.getByLabelText(/^Confirm new password/))
    await choosePassword('aaaaaaaaaaaa')
    expect(await screen.findByText('A password needs more than one character typed again and again.')).toBeDefined()
    expect(asked).toBe(false)
  })

  it('shows the server’s message for a password it refuses under the field', async () => {
    const ownDetails = 'Do not use your email address or your name as your password.'
    renderApp(`/reset-password?token=${resetToken}`, {
      handlers: { 'PATCH /auth/reset-password': () => json(400, { message: 'Check the highlighted fields.', fields: { password: ownDetails } }) },
    })
    await choosePassword('grace.hopper@example.org')
    expect(await screen.findByText(ownDetails)).toBeDefined()
  })

  it('offers the way back to signing in', async () => {
    renderApp(`/reset-password?token=${resetToken}`)
    expect((await screen.findByRole('link', { name: 'Back to sign in' })).getAttribute('href')).toBe('/login')
  })

  it('offers a new link when the address has no token', async () => {
    renderApp('/reset-password')
    expect(await screen.findByText('This link has expired or was already used.')).toBeDefined()
  })
})

describe('the welcome link a new tutor is mailed', () => {
  it('says "Choose your password", and ends with "Your password is set" and the way to sign in', async () => {
    let sentToken: string | null = null
    const { router } = renderApp(`/reset-password?token=${resetToken}&welcome=1`, {
      handlers: {
        'PATCH /auth/reset-password': (request) => {
          sentToken = new URL(request.url).searchParams.get('token')
          return json(200, { message: 'Your password has been changed. Sign in with your new password.' })
        },
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your password' })).toBeDefined()
    await waitFor(() => expect(router.state.location.href).toBe('/reset-password'))
    await userEvent.type(screen.getByLabelText(/^New password/), 'a long new password')
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'a long new password')
    await userEvent.click(screen.getByRole('button', { name: 'Save the password' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Your password is set' })).toBeDefined()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login')
    expect(screen.queryByText('Your password has been changed. Sign in with your new password.')).toBeNull()
    expect(router.state.location.pathname).toBe('/reset-password')
    expect(sentToken).toBe(resetToken)
  })

  it('explains a used or expired welcome link in its own terms', async () => {
    renderApp(`/reset-password?token=${resetToken}&welcome=1`, {
      handlers: { 'PATCH /auth/reset-password': () => json(400, { message: 'Check the highlighted fields.', fields: { token: 'This link no longer works.' } }) },
    })
    await choosePassword('a long new password', 'Save the password')
    expect(await screen.findByText('This link has expired or was already used.')).toBeDefined()
    expect(screen.getByText(/Welcome links work once, for 72 hours/)).toBeDefined()
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeDefined()
  })
})
