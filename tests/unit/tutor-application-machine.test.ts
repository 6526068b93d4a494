import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { RegistrationReceipt, TutorApplicationRequest } from '@/api/registrations'
import { ApiError } from '@/api/errors'
import { tutorApplicationMachine } from '@/machines/tutor-application.machine'
import {
  applicationErrors,
  emptyDraft,
  firstStepWithErrors,
  requestFrom,
  stepOfField,
  stepRules,
  withoutChangedFields,
  type StepId,
  type TutorApplicationDraft,
} from '@/machines/tutor-application.rules'
import { createApplicationStorage, DRAFT_KEY, DRAFT_LIFETIME_DAYS, DRAFT_VERSION, TAB_DRAFT_KEY, type SavedApplication } from '@/machines/tutor-application.storage'
import { memoryStorage } from '@/memory-storage'
import { completeDraft } from './tutor-application-fixtures'

const receipt: RegistrationReceipt = { reference: 'TEC-TUT-7K3Q9P', message: 'Thank you for applying.' }

function start(
  input: SavedApplication | null = null,
  submit: (request: TutorApplicationRequest) => Promise<RegistrationReceipt> = () => Promise.resolve(receipt),
) {
  const saveDraft = vi.fn<(saved: SavedApplication) => void>()
  const clearDraft = vi.fn()
  const sent: TutorApplicationRequest[] = []
  const machine = tutorApplicationMachine.provide({
    actors: {
      submitApplication: fromPromise(({ input: request }) => {
        sent.push(request)
        return submit(request)
      }),
    },
    actions: {
      saveDraft: ({ context }) => saveDraft({ step: context.step, furthest: context.furthest, draft: context.draft }),
      clearDraft,
    },
  })
  const actor = createActor(machine, { input })
  actor.start()
  const change = (edit: (draft: TutorApplicationDraft) => void) => {
    const draft = structuredClone(actor.getSnapshot().context.draft)
    edit(draft)
    actor.send({ type: 'DRAFT.CHANGE', draft })
  }
  return { actor, saveDraft, clearDraft, sent, change }
}

const at = (step: StepId, draft = completeDraft(), furthest: StepId = step): SavedApplication => ({ step, furthest, draft })
const stepOf = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.step

describe('moving through the steps', () => {
  it('starts empty on the first step', () => {
    const { actor } = start()
    expect(actor.getSnapshot().matches({ editing: 'personal' })).toBe(true)
    expect(actor.getSnapshot().context.draft).toEqual(emptyDraft())
  })

  it('goes forward through every step when each is complete, saving the step each time', () => {
    const { actor, change, saveDraft } = start()
    change((draft) => Object.assign(draft, completeDraft()))
    for (const step of ['teaching', 'delivery', 'checks', 'review'] as const) {
      actor.send({ type: 'NEXT' })
      expect(actor.getSnapshot().matches({ editing: step })).toBe(true)
      expect(saveDraft).toHaveBeenLastCalledWith(expect.objectContaining({ step, furthest: step }))
    }
  })

  it('goes back without checking, keeping the answers and the furthest step', () => {
    const { actor } = start(at('review'))
    for (const step of ['checks', 'delivery', 'teaching', 'personal'] as const) {
      actor.send({ type: 'BACK' })
      expect(stepOf(actor)).toBe(step)
    }
    actor.send({ type: 'BACK' })
    expect(stepOf(actor)).toBe('personal')
    expect(actor.getSnapshot().context.furthest).toBe('review')
    expect(actor.getSnapshot().context.draft).toEqual(completeDraft())
  })

  it('saves every change to the answers', () => {
    const { change, saveDraft } = start()
    change((draft) => {
      draft.personal.name = 'Priya'
    })
    const saved = saveDraft.mock.lastCall?.[0]
    expect(saved?.step).toBe('personal')
    expect(saved?.draft.personal.name).toBe('Priya')
  })
})

describe('each step is checked before it is left', () => {
  it.each([
    ['personal', ['personal.name', 'personal.email', 'personal.phone', 'personal.postcode']],
    ['teaching', ['teaching.subjects', 'teaching.levels', 'teaching.highestQualification', 'teaching.qualifiedTeacher', 'teaching.qualifications', 'teaching.experienceYears', 'teaching.experience']],
    ['delivery', ['delivery.modes', 'availability.days', 'availability.times', 'availability.hoursPerWeek']],
    ['checks', ['backgroundCheck.hasEnhancedCheck', 'backgroundCheck.consentToCheck', 'referees.0.name', 'referees.0.relationship', 'referees.0.email', 'referees.0.phone', 'referees.1.name', 'referees.1.email']],
  ] as const)('an empty %s step stays, with a message on every required field', (step, fields) => {
    const draft = emptyDraft()
    const { actor } = start(at(step, draft))
    actor.send({ type: 'NEXT' })
    expect(stepOf(actor)).toBe(step)
    const { errors } = actor.getSnapshot().context
    for (const field of fields) expect(errors[field], field).toEqual(expect.any(String))
  })

  it('clears a message once its field changes, and the step errors once it is left', () => {
    const { actor, change } = start()
    actor.send({ type: 'NEXT' })
    expect(actor.getSnapshot().context.errors['personal.name']).toBeDefined()
    change((draft) => {
      draft.personal.name = 'Priya Shah'
    })
    expect(actor.getSnapshot().context.errors['personal.name']).toBeUndefined()
    expect(actor.getSnapshot().context.errors['personal.email']).toBeDefined()
    change((draft) => Object.assign(draft.personal, completeDraft().personal))
    actor.send({ type: 'NEXT' })
    expect(stepOf(actor)).toBe('teaching')
    expect(actor.getSnapshot().context.errors).toEqual({})
  })

  it('mirrors the contract: lengths, formats, numbers and choices', () => {
    const draft = completeDraft()
    draft.personal.name = 'x'.repeat(101)
    draft.personal.email = 'not-an-email'
    draft.personal.phone = '0113 abc'
    draft.personal.postcode = 'LS6-2AB'
    expect(Object.keys(stepRules.personal(draft)).sort()).toEqual(['personal.email', 'personal.name', 'personal.phone', 'personal.postcode'])

    draft.teaching.subjects = Array.from({ length: 11 }, (_, index) => `Subject ${index}`)
    draft.teaching.experienceYears = '61'
    draft.teaching.qualifications = 'x'.repeat(2001)
    expect(Object.keys(stepRules.teaching(draft)).sort()).toEqual(['teaching.experienceYears', 'teaching.qualifications', 'teaching.subjects'])

    draft.availability.hoursPerWeek = '0'
    draft.delivery.maxTravelMiles = '101'
    draft.delivery.travelArea = ' '
    expect(Object.keys(stepRules.delivery(draft)).sort()).toEqual(['availability.hoursPerWeek', 'delivery.maxTravelMiles', 'delivery.travelArea'])

    draft.backgroundCheck.certificateNumber = '12345'
    draft.backgroundCheck.consentToCheck = false
    expect(Object.keys(stepRules.checks(draft)).sort()).toEqual(['backgroundCheck.certificateNumber', 'backgroundCheck.consentToCheck'])

    draft.personalStatement = 'Too short.'
    draft.privacyConsent = false
    expect(Object.keys(stepRules.review(draft)).sort()).toEqual(['personalStatement', 'privacyConsent'])
  })

  it('needs a travel area only for lessons in person', () => {
    const draft = completeDraft()
    draft.delivery = { modes: ['online'], travelArea: '', maxTravelMiles: '' }
    expect(stepRules.delivery(draft)).toEqual({})
    draft.delivery.modes = ['online', 'community']
    expect(Object.keys(stepRules.delivery(draft))).toEqual(['delivery.travelArea'])
  })

  it('refuses referees sharing an email with each other or with the applicant', () => {
    const draft = completeDraft()
    draft.referees[0].email = 'PRIYA.SHAH@example.org'
    draft.referees[1].email = draft.referees[0].email
    expect(stepRules.checks(draft)).toEqual({
      'referees.0.email': 'A referee must have an email address different from yours.',
      'referees.1.email': 'A referee must have an email address different from yours.',
    })
    draft.referees[0].email = 'same@example.org'
    draft.referees[1].email = 'Same@example.org'
    expect(stepRules.checks(draft)).toEqual({ 'referees.1.email': 'The two referees must have different email addresses.' })
  })
})

describe('going to a step', () => {
  it('goes back to any step and forward again to one already reached', () => {
    const { actor } = start(at('review'))
    actor.send({ type: 'GO_TO', step: 'teaching' })
    expect(actor.getSnapshot().matches({ editing: 'teaching' })).toBe(true)
    actor.send({ type: 'GO_TO', step: 'review' })
    expect(actor.getSnapshot().matches({ editing: 'review' })).toBe(true)
  })

  it('does not jump past the furthest step reached', () => {
    const { actor } = start(at('teaching', completeDraft(), 'delivery'))
    actor.send({ type: 'GO_TO', step: 'review' })
    expect(stepOf(actor)).toBe('teaching')
    actor.send({ type: 'GO_TO', step: 'delivery' })
    expect(stepOf(actor)).toBe('delivery')
  })

  it('stops at the first step on the way whose answers need a change', () => {
    const draft = completeDraft()
    draft.availability.days = []
    const { actor } = start(at('personal', draft, 'review'))
    actor.send({ type: 'GO_TO', step: 'review' })
    expect(stepOf(actor)).toBe('delivery')
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['availability.days'])
  })
})

describe('restoring the draft', () => {
  it('starts on the saved step with the saved answers', () => {
    const { actor } = start(at('delivery', completeDraft(), 'checks'))
    expect(actor.getSnapshot().matches({ editing: 'delivery' })).toBe(true)
    expect(actor.getSnapshot().context.furthest).toBe('checks')
    expect(actor.getSnapshot().context.draft.personal.name).toBe('Priya Shah')
  })

  const DAY = 24 * 60 * 60 * 1000
  const savedAt = Date.parse('2026-03-03T14:05:00Z')
  /** Local and session storage of one browser, and a storage reading them at the clock's time. */
  function browser(local = memoryStorage(), session = memoryStorage()) {
    const clock = { now: savedAt }
    return { local, session, clock, storage: createApplicationStorage({ local, session }, () => clock.now) }
  }
  const kept = (step: StepId, draft = completeDraft()) => JSON.stringify({ version: DRAFT_VERSION, savedAt: new Date(savedAt).toISOString(), step, furthest: step, draft })

  it('reads back what it saved, with when it was saved', () => {
    const { local, storage } = browser()
    storage.save(at('checks'))
    expect(JSON.parse(local.getItem(DRAFT_KEY)!)).toMatchObject({ version: DRAFT_VERSION, step: 'checks', savedAt: '2026-03-03T14:05:00.000Z' })
    expect(storage.read()).toEqual({ ...at('checks'), savedAt: '2026-03-03T14:05:00.000Z' })
    storage.remove()
    expect(local.getItem(DRAFT_KEY)).toBeNull()
    expect(storage.read()).toBeNull()
  })

  it('keeps the answers in local storage, so a new tab of the browser has them, but the certificate number only in this tab', () => {
    const { local, storage } = browser()
    storage.save(at('review'))
    // Local storage never holds the DBS certificate number (nor the bots' trap field): a browser may be shared.
    expect(local.getItem(DRAFT_KEY)).not.toContain('001234567890')
    expect(JSON.parse(local.getItem(DRAFT_KEY)!)).toMatchObject({ draft: { backgroundCheck: { certificateNumber: '', onUpdateService: true } } })

    const closedAndOpened = browser(local).storage.read()
    expect(closedAndOpened?.step).toBe('review')
    expect(closedAndOpened?.draft.referees[1].name).toBe('Tom Okafor')
    expect(closedAndOpened?.draft.backgroundCheck.certificateNumber).toBe('')
    // A reload of the same tab still has it.
    expect(storage.read()?.draft.backgroundCheck.certificateNumber).toBe('001234567890')
  })

  it('never keeps what the bots\' trap field holds', () => {
    const { local, storage } = browser()
    storage.save(at('personal', { ...completeDraft(), website: 'https://spam.example' }))
    expect(local.getItem(DRAFT_KEY)).not.toContain('spam.example')
  })

  it('keeps nothing while nothing is answered, and forgets what was kept once the answers are cleared', () => {
    const { local, session, storage } = browser()
    storage.save(at('personal', emptyDraft()))
    expect(local.length).toBe(0)
    storage.save(at('checks'))
    expect(local.getItem(DRAFT_KEY)).not.toBeNull()
    expect(session.getItem(TAB_DRAFT_KEY)).not.toBeNull()
    storage.save(at('personal', emptyDraft()))
    expect([local.length, session.length]).toEqual([0, 0])
  })

  it(`keeps a draft for ${DRAFT_LIFETIME_DAYS} days after it was last saved, then removes it when it is read`, () => {
    const { local, session, clock, storage } = browser()
    storage.save(at('teaching'))
    clock.now = savedAt + DRAFT_LIFETIME_DAYS * DAY
    expect(storage.read()?.step).toBe('teaching')
    // Saving again starts the days again.
    clock.now = savedAt + 20 * DAY
    storage.save(at('delivery'))
    clock.now = savedAt + (20 + DRAFT_LIFETIME_DAYS) * DAY
    expect(storage.read()?.step).toBe('delivery')
    clock.now += 1
    expect(storage.read()).toBeNull()
    expect([local.getItem(DRAFT_KEY), session.getItem(TAB_DRAFT_KEY)]).toEqual([null, null])
  })

  it('counts the days from the last change, not from opening the page again', () => {
    const { local, clock, storage } = browser()
    storage.save(at('teaching'))
    clock.now = savedAt + 10 * DAY
    // Opening the page reads the draft and saves the step it opens on, unchanged.
    const opened = browser(local)
    opened.clock.now = clock.now
    opened.storage.save(opened.storage.read()!)
    expect(opened.storage.read()?.savedAt).toBe('2026-03-03T14:05:00.000Z')
    opened.storage.save(at('teaching', { ...completeDraft(), personalStatement: 'Changed.' }))
    expect(opened.storage.read()?.savedAt).toBe('2026-03-13T14:05:00.000Z')
  })

  it.each([
    ['not JSON', '{"version":2,'],
    ['of the version kept in session storage before', JSON.stringify({ version: 1, ...at('teaching') })],
    ['without the time it was saved', JSON.stringify({ version: DRAFT_VERSION, ...at('teaching') })],
    ['saved at a time that cannot be read', JSON.stringify({ version: DRAFT_VERSION, savedAt: 'yesterday', ...at('teaching') })],
    ['saved further ahead than a clock is wrong by', JSON.stringify({ version: DRAFT_VERSION, savedAt: new Date(savedAt + 31 * DAY).toISOString(), ...at('teaching') })],
    ['an unknown step', kept('teaching').replace('"teaching"', '"payment"')],
    ['a wrong type', kept('teaching', { ...completeDraft(), privacyConsent: 'yes' as unknown as boolean })],
    ['a missing section', JSON.stringify({ version: DRAFT_VERSION, savedAt: new Date(savedAt).toISOString(), step: 'teaching', furthest: 'teaching', draft: { personal: completeDraft().personal } })],
    ['one referee', kept('teaching', { ...completeDraft(), referees: [completeDraft().referees[0]] as unknown as TutorApplicationDraft['referees'] })],
    ['null', 'null'],
  ])('ignores and removes a stored draft that is %s', (_, raw) => {
    const { local, storage } = browser(memoryStorage({ [DRAFT_KEY]: raw }))
    expect(storage.read()).toBeNull()
    expect(local.getItem(DRAFT_KEY)).toBeNull()
    const { actor } = start(null)
    expect(stepOf(actor)).toBe('personal')
  })

  it('reads a draft that fits', () => {
    // The counterpart of the cases above: the same entry, well formed, is read.
    expect(browser(memoryStorage({ [DRAFT_KEY]: kept('teaching') })).storage.read()?.step).toBe('teaching')
  })

  it('keeps working when the browser refuses storage', () => {
    const refusing = memoryStorage()
    refusing.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError')
    }
    refusing.getItem = () => {
      throw new DOMException('Denied', 'SecurityError')
    }
    const storage = createApplicationStorage({ local: refusing, session: refusing })
    expect(() => storage.save(at('personal'))).not.toThrow()
    expect(storage.read()).toBeNull()
  })
})

describe('sending', () => {
  it('sends the request the contract asks for, then keeps the receipt and clears the draft', async () => {
    const { actor, sent, clearDraft } = start(at('review'))
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().matches('submitting')).toBe(true)
    actor.send({ type: 'SUBMIT' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches('submitted')).toBe(true))
    expect(sent).toHaveLength(1)
    expect(actor.getSnapshot().context.receipt).toEqual(receipt)
    expect(clearDraft).toHaveBeenCalledOnce()
    expect(sent[0]).toEqual({
      personal: { name: 'Priya Shah', email: 'priya.shah@example.org', phone: '07700 900123', postcode: 'LS6 2AB' },
      teaching: {
        subjects: ['Maths', 'Physics'],
        levels: ['gcse', 'a_level'],
        highestQualification: 'postgraduate',
        qualifiedTeacher: true,
        qualifications: 'MSc Physics, PGCE Secondary Science',
        experienceYears: 6,
        experience: 'Six years teaching physics and maths at a Leeds secondary school.',
      },
      delivery: { modes: ['home', 'online'], travelArea: 'North Leeds', maxTravelMiles: 10 },
      availability: { days: ['tuesday', 'thursday'], times: ['after_school', 'evening'], hoursPerWeek: 6 },
      backgroundCheck: { hasEnhancedCheck: true, certificateNumber: '001234567890', onUpdateService: true, consentToCheck: true },
      referees: completeDraft().referees,
      personalStatement: completeDraft().personalStatement,
      heardAbout: 'friend_or_family',
      privacyConsent: true,
      marketingConsent: false,
      website: '',
    })
  })

  it('leaves optional answers out when they are blank or do not apply', () => {
    const draft = completeDraft()
    draft.delivery = { modes: ['online'], travelArea: 'Leeds', maxTravelMiles: '5' }
    draft.backgroundCheck = { hasEnhancedCheck: 'no', certificateNumber: '001234567890', onUpdateService: true, consentToCheck: true }
    draft.heardAbout = ''
    const request = requestFrom(draft)
    expect(request.delivery).toEqual({ modes: ['online'] })
    expect(request.backgroundCheck).toEqual({ hasEnhancedCheck: false, consentToCheck: true })
    expect(request).not.toHaveProperty('heardAbout')
  })

  it('does not send while a step has problems, and shows the first of them', () => {
    const draft = completeDraft()
    draft.personal.phone = ''
    draft.privacyConsent = false
    const { actor, sent } = start(at('review', draft))
    actor.send({ type: 'SUBMIT' })
    expect(sent).toHaveLength(0)
    expect(actor.getSnapshot().matches({ editing: 'personal' })).toBe(true)
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['personal.phone'])
  })

  it.each([
    ['personal.email', 'personal'],
    ['teaching.subjects.1', 'teaching'],
    ['delivery.travelArea', 'delivery'],
    ['availability.hoursPerWeek', 'delivery'],
    ['referees.1.email', 'checks'],
    ['backgroundCheck.certificateNumber', 'checks'],
    ['personalStatement', 'review'],
  ] as const)('takes a server message on %s to the %s step, under its field', async (field, step) => {
    const error = new ApiError({ status: 400, kind: 'http', message: 'Check the highlighted fields.', fields: { [field]: 'Fix this.' } })
    const { actor, clearDraft } = start(at('review'), () => Promise.reject(error))
    actor.send({ type: 'SUBMIT' })
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ editing: step })).toBe(true))
    expect(actor.getSnapshot().context.errors).toEqual({ [field]: 'Fix this.' })
    expect(clearDraft).not.toHaveBeenCalled()
  })

  it('goes to the earliest step when the server names fields on several', async () => {
    const fields = { 'referees.0.email': 'Use another address.', 'teaching.subjects.0': 'Choose a subject from the list.' }
    const { actor } = start(at('review'), () => Promise.reject(new ApiError({ status: 400, kind: 'http', message: 'Check the highlighted fields.', fields })))
    actor.send({ type: 'SUBMIT' })
    await vi.waitFor(() => expect(stepOf(actor)).toBe('teaching'))
    expect(actor.getSnapshot().context.errors).toEqual(fields)
  })

  it.each([
    ['too many attempts', new ApiError({ status: 429, kind: 'http', message: 'Too many attempts. Try again in 10 minutes.' })],
    ['no connection', ApiError.network(new TypeError('Failed to fetch'))],
    ['a field no step holds', new ApiError({ status: 400, kind: 'http', message: 'Check the highlighted fields.', fields: { website: 'Too long.' } })],
  ])('stays on the review with an alert and the draft kept after %s', async (_, error) => {
    const { actor, clearDraft } = start(at('review'), () => Promise.reject(error))
    actor.send({ type: 'SUBMIT' })
    await vi.waitFor(() => expect(actor.getSnapshot().context.problem).toBe(error.message))
    expect(actor.getSnapshot().matches({ editing: 'review' })).toBe(true)
    expect(actor.getSnapshot().context.draft).toEqual(completeDraft())
    expect(clearDraft).not.toHaveBeenCalled()
  })

  it('clears the alert when sending again', async () => {
    let attempts = 0
    const { actor } = start(at('review'), () => (++attempts === 1 ? Promise.reject(ApiError.network(new TypeError('offline'))) : Promise.resolve(receipt)))
    actor.send({ type: 'SUBMIT' })
    await vi.waitFor(() => expect(actor.getSnapshot().context.problem).not.toBeNull())
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.problem).toBeNull()
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'))
  })
})

describe('rules helpers', () => {
  it('finds the step of a field', () => {
    expect(stepOfField('referees.0.phone')).toBe('checks')
    expect(stepOfField('marketingConsent')).toBe('review')
    expect(stepOfField('website')).toBeNull()
    expect(firstStepWithErrors({ personalStatement: 'x', 'availability.days': 'y' })).toBe('delivery')
    expect(firstStepWithErrors({ website: 'x' })).toBeNull()
  })

  it('finds no problem in complete answers and keeps unchanged messages as they were', () => {
    expect(applicationErrors(completeDraft())).toEqual({})
    const errors = { 'personal.name': 'x' }
    expect(withoutChangedFields(errors, completeDraft(), completeDraft())).toBe(errors)
  })
})
