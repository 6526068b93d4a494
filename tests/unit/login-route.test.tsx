import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { admin, httpError, sessionFor, token, tutor } from './auth-fixtures'
import { json } from './fake-api-server'
import { renderApp } from './render-app'

describe('/login', () => {
  it('shows the screen the specification lists', async () => {
    renderApp('/login')
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeDefined()
    expect(screen.getByLabelText(/Email Address/)).toHaveProperty('autocomplete', 'email')
    expect(screen.getByLabelText(/^Password/)).toHaveProperty('type', 'password')
    expect(screen.getByRole('button', { name: 'Show password' })).toBeDefined()
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveProperty('checked', true)
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password')
    expect(screen.getByRole('link', { name: 'Register Here' }).getAttribute('href')).toBe('/tutor-register')
    expect(screen.getByRole('link', { name: /^TEC Education and tutoring$/ }).getAttribute('href')).toBe('/')
    await waitFor(() => expect(document.title).toBe('Sign in · TEC'))
  })

  it('asks for both fields when submitted empty, without calling the server', async () => {
    const login = vi.fn(() => Promise.resolve(sessionFor(admin)))
    renderApp('/login', { io: { login } })
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Please input your email!')).toBeDefined()
    expect(screen.getByText('Please input your password!')).toBeDefined()
    expect(login).not.toHaveBeenCalled()
  })

  it('signs an admin in, shows the toast and lands on /admin', async () => {
    const login = vi.fn(() => Promise.resolve(sessionFor(admin)))
    const { router } = renderApp('/login', { io: { login } })
    await userEvent.type(await screen.findByLabelText(/Email Address/), admin.email)
    await userEvent.type(screen.getByLabelText(/^Password/), 'ChangeMe-2026!')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Login successful')).toBeDefined()
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
    expect(login).toHaveBeenCalledWith({ email: admin.email, pass: 'ChangeMe-2026!', remember: true })
  })

  it('shows the server message in an error toast when sign-in fails', async () => {
    renderApp('/login', { io: { login: () => Promise.reject(httpError(401, 'Wrong email or password.')) } })
    await userEvent.type(await screen.findByLabelText(/Email Address/), 'someone@tec.test')
    await userEvent.type(screen.getByLabelText(/^Password/), 'nope')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByText('Wrong email or password.')).toBeDefined()
  })

  it('returns to the guarded page that sent the visitor to sign in', async () => {
    const { router, history } = renderApp('/tutor/reports', { io: { login: () => Promise.resolve(sessionFor(tutor)) } })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/tutor/reports' })
    // The guard replaced the entry: there is no step back to the guarded page.
    expect(history.length).toBe(1)
    await userEvent.type(await screen.findByLabelText(/Email Address/), tutor.email)
    await userEvent.type(screen.getByLabelText(/^Password/), 'ChangeMe-2026!')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor/reports'))
  })

  it('refuses a redirect to another site', async () => {
    const { router } = renderApp('/login?redirect=%2F%2Fevil.com', { io: { login: () => Promise.resolve(sessionFor(admin)) } })
    await userEvent.type(await screen.findByLabelText(/Email Address/), admin.email)
    await userEvent.type(screen.getByLabelText(/^Password/), 'ChangeMe-2026!')
    await userEvent.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'))
  })

  it('sends someone already signed in to their area', async () => {
    const { router } = renderApp('/login', { session: { user: tutor, token, remember: true }, io: { verifySession: () => Promise.resolve(tutor) } })
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor'))
  })
})

describe('guards', () => {
  it('keeps a tutor out of /admin', async () => {
    const overview = { awaitingReport: [], returned: [], coming: [], figures: { month: '2026-11', taughtThisMonth: 0, reportsThisMonth: 0, reportsOnTime: 0, reportsOverdue: 0 } }
    const { router } = renderApp('/admin/students', {
      session: { user: tutor, token, remember: true },
      io: { verifySession: () => Promise.resolve(tutor) },
      handlers: { 'GET /tutor/overview': () => json(200, overview) },
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/tutor'))
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${tutor.name}` })).toBeDefined()
  })

  it('shows the not-found page for an unknown path', async () => {
    renderApp('/no-such-page')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeDefined()
    await waitFor(() => expect(document.title).toBe('Page not found · TEC'))
  })
})
