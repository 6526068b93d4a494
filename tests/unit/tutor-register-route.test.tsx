import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import type { InspectionEvent } from 'xstate'
import { tutorApplicationMachine } from '@/machines/tutor-application.machine'
import { DRAFT_KEY, DRAFT_VERSION } from '@/machines/tutor-application.storage'
import type { StepId } from '@/machines/tutor-application.rules'
import { json, type Handler } from './fake-api-server'
import { renderApp } from './render-app'
import { completeDraft } from './tutor-application-fixtures'

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
beforeAll(() => {
})

const subjects = { 'GET /subjects': () => json(200, { items: ['Maths', 'Physics', 'English'] }) }

function open(handlers: Record<string, Handler> = {}) {
  return renderApp('/tutor-register', { handlers: { ...subjects, ...handlers } })
}

function saved(step: StepId, draft = completeDraft()) {
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ version: DRAFT_VERSION, step, furthest: step, draft }))
}

const stepHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name })

describe('/tutor-register', () => {
  it('checks the first step, then moves on with focus on the next heading and keeps the draft', async () => {
    open()
    await stepHeading('About you')
    expect(screen.getByText('Step 1 of 5: About you')).toBeDefined()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Enter your full name.')).toBeDefined()
    expect(screen.getByText('Enter your postcode, so we can match you with learners near you.')).toBeDefined()

    await userEvent.type(screen.getByLabelText(/^Full name/), 'Priya Shah')
    await userEvent.type(screen.getByLabelText(/^Email/), 'priya.shah@example.org')
    await userEvent.type(screen.getByLabelText(/^Phone/), '07700 900123')
    await userEvent.type(screen.getByLabelText(/^Postcode/), 'LS6 2AB{Enter}')

    const heading = await stepHeading('Subjects, qualifications and experience')
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.getByText('Step 2 of 5: Teaching')).toBeDefined()
    const stored = JSON.parse(sessionStorage.getItem(DRAFT_KEY)!) as { step: string; draft: { personal: { name: string } } }
    expect(stored.step).toBe('teaching')
    expect(stored.draft.personal.name).toBe('Priya Shah')

    await userEvent.click(screen.getByRole('checkbox', { name: 'Physics' }))
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByDisplayValue('Priya Shah')).toBeDefined()
  })

  it('comes back to the saved step and answers after a reload', async () => {
    saved('delivery')
    open()
    await stepHeading('Where and when you can teach')
    expect(screen.getByDisplayValue('North Leeds')).toBeDefined()
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Tuesday' }).checked).toBe(true)
  })

  it('shows every answer on the review with links back to each step', async () => {
    saved('review')
    open()
    await stepHeading('Personal statement and review')
    expect(screen.getByText('Maths, Physics')).toBeDefined()
    expect(screen.getByText(/Helen Carter · Head of science/)).toBeDefined()
    // The policies open in a new tab, so the application stays as it is while they are read.
    const notice = screen.getByRole('link', { name: 'privacy notice (opens in a new tab)' })
    expect([notice.getAttribute('href'), notice.getAttribute('target')]).toEqual(['/privacy-notice', '_blank'])
    await userEvent.click(screen.getByRole('button', { name: 'Edit checks and referees' }))
    await stepHeading('Background check and referees')
    const policy = screen.getByRole('link', { name: 'safeguarding policy (opens in a new tab)' })
    expect([policy.getAttribute('href'), policy.getAttribute('target')]).toEqual(['/safeguarding-policy', '_blank'])
    await userEvent.click(screen.getByRole('button', { name: 'Back to review' }))
    await stepHeading('Personal statement and review')
  })

  it('sends once and shows the receipt with the reference, then forgets the draft', async () => {
    saved('review')
    let calls = 0
    open({
      'POST /tutor-applications': async () => {
        calls += 1
        await new Promise((resolve) => setTimeout(resolve, 20))
        return json(201, { reference: 'TEC-TUT-7K3Q9P', message: 'Thank you for applying.' })
      },
    })
    await stepHeading('Personal statement and review')
    const send = screen.getByRole('button', { name: 'Send application' })
    await userEvent.dblClick(send)
    const receipt = await screen.findByRole('heading', { name: 'Thank you, your application has been sent' })
    await waitFor(() => expect(document.activeElement).toBe(receipt))
    expect(screen.getByText('TEC-TUT-7K3Q9P')).toBeDefined()
    expect(calls).toBe(1)
    expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull()
  })

  it("puts the server's message under the field, on the step that holds it", async () => {
    saved('review')
    open({
      'POST /tutor-applications': () =>
        json(400, { message: 'Check the highlighted fields.', fields: { 'referees.1.email': 'The two referees must have different email addresses.' } }),
    })
    await stepHeading('Personal statement and review')
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }))
    await stepHeading('Background check and referees')
    const second = screen.getByRole('group', { name: 'Second referee' })
    expect(await within(second).findByText('The two referees must have different email addresses.')).toBeDefined()
  })

  it('shows a refusal above the form and keeps the answers', async () => {
    saved('review')
    open({ 'POST /tutor-applications': () => json(429, { message: 'Too many applications from here. Try again in 10 minutes.' }, { 'Retry-After': '600' }) })
    await stepHeading('Personal statement and review')
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Try again in 10 minutes.')
    expect(sessionStorage.getItem(DRAFT_KEY)).not.toBeNull()
    cleanup()
  })

  it('shows the wizard machine to the inspector the app was started with (?inspect in development)', async () => {
    const events: InspectionEvent[] = []
    renderApp('/tutor-register', { handlers: subjects, inspect: (event) => events.push(event) })
    await stepHeading('About you')
    const machineIds = events.flatMap((event) => (event.type === '@xstate.actor' && 'logic' in event.actorRef ? [String((event.actorRef.logic as { id?: string }).id)] : []))
    expect(machineIds).toContain(tutorApplicationMachine.id)
  })
})
