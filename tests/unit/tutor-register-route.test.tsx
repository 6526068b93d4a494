import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { InspectionEvent } from 'xstate'
import { tutorApplicationMachine } from '@/machines/tutor-application.machine'
import { DRAFT_KEY, DRAFT_LIFETIME_DAYS, DRAFT_VERSION, TAB_DRAFT_KEY } from '@/machines/tutor-application.storage'
import type { StepId, TutorApplicationDraft } from '@/machines/tutor-application.rules'
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

/** Answers kept in local storage, as a visit `savedAt` left them (now unless said). */
function saved(step: StepId, draft: TutorApplicationDraft = completeDraft(), savedAt = new Date().toISOString()) {
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ version: DRAFT_VERSION, savedAt, step, furthest: step, draft }))
}

/** The tab closes: the page goes and session storage with it; local storage stays. */
function closeTab() {
  cleanup()
  sessionStorage.clear()
}

const DAY = 24 * 60 * 60 * 1000

const stepHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name })

describe('/tutor-register', () => {
  it('checks the first step, then moves on with focus on the next heading and keeps the draft', async () => {
    open()
    await stepHeading('About you')
    expect(screen.getByText('Step 1 of 5: About you')).toBeDefined()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Enter your full name.')).toBeDefined()
    expect(screen.getByText('Enter your postcode, so we can match you with learners near you.')).toBeDefined()
    // Next did something: the first field to fix has the focus, and it names its message.
    const name = screen.getByRole('textbox', { name: /^Full name/ })
    expect(document.activeElement).toBe(name)
    expect(name.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Enter your full name.')

    await userEvent.type(screen.getByLabelText(/^Full name/), 'Priya Shah')
    await userEvent.type(screen.getByLabelText(/^Email/), 'priya.shah@example.org')
    await userEvent.type(screen.getByLabelText(/^Phone/), '07700 900123')
    await userEvent.type(screen.getByLabelText(/^Postcode/), 'LS6 2AB{Enter}')

    const heading = await stepHeading('Subjects, qualifications and experience')
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.getByText('Step 2 of 5: Teaching')).toBeDefined()
    const stored = JSON.parse(localStorage.getItem(DRAFT_KEY)!) as { step: string; draft: { personal: { name: string } } }
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
    expect([localStorage.getItem(DRAFT_KEY), sessionStorage.getItem(TAB_DRAFT_KEY)]).toEqual([null, null])
    // Nothing is kept for the next visit.
    cleanup()
    open()
    await stepHeading('About you')
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Full name/ }).value).toBe('')
    expect(screen.queryByText('We kept your answers')).toBeNull()
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
    await waitFor(() => expect(document.activeElement).toBe(within(second).getByRole('textbox', { name: /^Email/ })))
  })

  it('shows a refusal above the form and keeps the answers', async () => {
    saved('review')
    open({ 'POST /tutor-applications': () => json(429, { message: 'Too many applications from here. Try again in 10 minutes.' }, { 'Retry-After': '600' }) })
    await stepHeading('Personal statement and review')
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Try again in 10 minutes.')
    // The reason takes the focus, so it is seen and read even though the button was at the foot of the form.
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true))
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull()
    cleanup()
  })

  it('brings a missing choice of levels into view and puts the focus in its group, which names the message', async () => {
    saved('teaching', { ...completeDraft(), teaching: { ...completeDraft().teaching, levels: [] } })
    const scrolled: Element[] = []
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this)
    })
    open()
    await stepHeading('Subjects, qualifications and experience')
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    const message = await screen.findByText('Choose at least one level you can teach.')
    const levels = screen.getByRole('group', { name: /^Levels you can teach/ })
    expect(document.activeElement).toBe(within(levels).getByRole('checkbox', { name: 'Early years (under 5)' }))
    expect(levels.getAttribute('aria-describedby')?.split(' ')).toContain(message.id)
    // The group with its label and message is what was scrolled to, not the button that was pressed.
    expect(scrolled.at(-1)?.contains(levels)).toBe(true)
    expect(scrolled.at(-1)?.contains(message)).toBe(true)
    scroll.mockRestore()

    // The same again once the focus went back to Next: it is not only the first time.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(levels.contains(document.activeElement)).toBe(true))
    expect(screen.getByText('Step 2 of 5: Teaching')).toBeDefined()
  })

  it('puts the focus on the personal statement when Send finds it missing', async () => {
    saved('review', { ...completeDraft(), personalStatement: '' })
    open()
    await stepHeading('Personal statement and review')
    await userEvent.click(screen.getByRole('button', { name: 'Send application' }))
    expect(await screen.findByText('Enter a short personal statement.')).toBeDefined()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Personal statement/ }))
  })

  it('keeps the answers when the tab is closed, and says so when they come back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-03-03T14:05:00Z'))
    open()
    await stepHeading('About you')
    expect(screen.queryByText('We kept your answers')).toBeNull()
    await userEvent.type(screen.getByLabelText(/^Full name/), 'Priya Shah')
    await userEvent.type(screen.getByLabelText(/^Email/), 'priya.shah@example.org')
    await userEvent.type(screen.getByLabelText(/^Phone/), '07700 900123')
    await userEvent.type(screen.getByLabelText(/^Postcode/), 'LS6 2AB{Enter}')
    await stepHeading('Subjects, qualifications and experience')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Physics' }))

    closeTab()
    vi.setSystemTime(new Date('2026-03-20T09:00:00Z'))
    open()
    await stepHeading('Subjects, qualifications and experience')
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Physics' }).checked).toBe(true)
    expect(screen.getByText('We kept your answers')).toBeDefined()
    expect(screen.getByText(/You last changed them on 3 March 2026 at 14:05\./)).toBeDefined()
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByDisplayValue('Priya Shah')).toBeDefined()
    await userEvent.click(screen.getByRole('button', { name: 'Hide this message' }))
    expect(screen.queryByText('We kept your answers')).toBeNull()
  })

  it(`forgets answers last changed more than ${DRAFT_LIFETIME_DAYS} days ago`, async () => {
    saved('delivery', completeDraft(), new Date(Date.now() - (DRAFT_LIFETIME_DAYS * DAY + 60_000)).toISOString())
    open()
    await stepHeading('About you')
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Full name/ }).value).toBe('')
    expect(screen.queryByText('We kept your answers')).toBeNull()
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
  })

  it('keeps the DBS certificate number for this tab only, never on the device', async () => {
    saved('checks', { ...completeDraft(), backgroundCheck: { ...completeDraft().backgroundCheck, certificateNumber: '' } })
    open()
    await stepHeading('Background check and referees')
    await userEvent.type(screen.getByRole('textbox', { name: /^Certificate number/ }), '0012 3456 7891')
    await waitFor(() => expect(sessionStorage.getItem(TAB_DRAFT_KEY)).toContain('0012 3456 7891'))
    expect(localStorage.getItem(DRAFT_KEY)).toContain('Helen Carter')
    expect(localStorage.getItem(DRAFT_KEY)).not.toContain('7891')

    // A reload of the tab has it.
    cleanup()
    open()
    await stepHeading('Background check and referees')
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Certificate number/ }).value).toBe('0012 3456 7891')

    // A new tab has every other answer, but not the number.
    closeTab()
    open()
    await stepHeading('Background check and referees')
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Certificate number/ }).value).toBe('')
    expect(screen.getByDisplayValue('Helen Carter')).toBeDefined()
  })

  it('clears every kept answer from the device on "Start again", after asking', async () => {
    saved('delivery')
    open()
    await stepHeading('Where and when you can teach')
    const notice = screen.getByRole('region', { name: 'We kept your answers' })
    await userEvent.click(within(notice).getByRole('button', { name: 'Start again' }))
    const dialog = await screen.findByRole('dialog', { name: 'Start again?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my answers' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull()
    expect(screen.getByDisplayValue('North Leeds')).toBeDefined()

    // The button below the form does the same.
    const buttons = screen.getAllByRole('button', { name: 'Start again' })
    await userEvent.click(buttons.at(-1)!)
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Start again?' })).getByRole('button', { name: 'Clear my answers' }))
    const first = await stepHeading('About you')
    await waitFor(() => expect(document.activeElement).toBe(first))
    expect(screen.getByRole('status').textContent).toBe('Your answers were cleared from this device.')
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Full name/ }).value).toBe('')
    expect(screen.queryByText('We kept your answers')).toBeNull()
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()

    // Nothing comes back on the next visit.
    closeTab()
    open()
    await stepHeading('About you')
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Full name/ }).value).toBe('')
  })

  it('shows the wizard machine to the inspector the app was started with (?inspect in development)', async () => {
    const events: InspectionEvent[] = []
    renderApp('/tutor-register', { handlers: subjects, inspect: (event) => events.push(event) })
    await stepHeading('About you')
    const machineIds = events.flatMap((event) => (event.type === '@xstate.actor' && 'logic' in event.actorRef ? [String((event.actorRef.logic as { id?: string }).id)] : []))
    expect(machineIds).toContain(tutorApplicationMachine.id)
  })
})
