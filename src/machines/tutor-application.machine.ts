import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { ActorRefFrom, DoneActorEvent, ErrorActorEvent, SnapshotFrom } from 'xstate'
import type { RegistrationReceipt, TutorApplicationRequest } from '@/api/registrations'
import {
  applicationErrors,
  emptyDraft,
  requestFrom,
  STEP_IDS,
  stepOfField,
  stepRules,
  withoutChangedFields,
  type FieldErrors,
  type StepId,
  type TutorApplicationDraft,
} from './tutor-application.rules'
import type { SavedApplication } from './tutor-application.storage'

/**
 * The tutor registration wizard: five steps with back and forward, each checked before it is left, then
 * sending and the receipt. Pure: sending and keeping the draft are provided by the wiring, so tests swap them.
 */

export interface TutorApplicationContext {
  step: StepId
  furthest: StepId
  draft: TutorApplicationDraft
  /** Messages per field (dotted paths, as the server names them), from the step checks or the server. */
  errors: FieldErrors
  /** Why sending failed when no field is to blame (too many attempts, no connection), for people. */
  problem: string | null
  receipt: RegistrationReceipt | null
}

export type TutorApplicationEvent =
  | { type: 'DRAFT.CHANGE'; draft: TutorApplicationDraft }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'GO_TO'; step: StepId }
  | { type: 'SUBMIT' }

const notProvided = (what: string) => () => {
  throw new Error(`The tutor application machine needs "${what}" from its wiring`)
}

const indexOf = (step: StepId) => STEP_IDS.indexOf(step)
const stepAt = (index: number): StepId => STEP_IDS[Math.min(Math.max(index, 0), STEP_IDS.length - 1)]!
const later = (a: StepId, b: StepId) => (indexOf(a) >= indexOf(b) ? a : b)

/** The first step in [from, to) that has problems, with them; null when every one of them is fine. */
function firstInvalidStep(draft: TutorApplicationDraft, from: StepId, to: number): { step: StepId; errors: FieldErrors } | null {
  for (let index = indexOf(from); index < to; index += 1) {
    const step = stepAt(index)
    const errors = stepRules[step](draft)
    if (Object.keys(errors).length > 0) return { step, errors }
  }
  return null
}

/** Keeps the messages of other steps and replaces this step's with its current problems. */
function withStepErrors(errors: FieldErrors, step: StepId, stepErrors: FieldErrors): FieldErrors {
  const others = Object.entries(errors).filter(([field]) => stepOfField(field) !== step)
  return { ...Object.fromEntries(others), ...stepErrors }
}

/** The server's per-field messages that belong to a step of the form, or null when there are none. */
function serverFieldErrors(error: unknown): FieldErrors | null {
  const fields = typeof error === 'object' && error !== null ? (error as { fields?: unknown }).fields : undefined
  if (typeof fields !== 'object' || fields === null) return null
  const onSteps = Object.entries(fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && stepOfField(entry[0]) !== null,
  )
  return onSteps.length > 0 ? Object.fromEntries(onSteps) : null
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return 'Your application could not be sent. Try again in a moment.'
}

/** Where a GO_TO or SUBMIT wants to end up, as the index every earlier step must be valid below. */
function goalOf(event: TutorApplicationEvent): number {
  return event.type === 'GO_TO' ? indexOf(event.step) : STEP_IDS.length
}

const stepState = (step: StepId, previous: StepId | null, next: StepId | null) => ({
  entry: [{ type: 'enterStep' as const, params: { step } }, 'saveDraft' as const],
  on: {
    ...(next ? { NEXT: [{ guard: 'isStepValid' as const, target: next, actions: 'clearStepErrors' as const }, { actions: 'showStepErrors' as const }] } : {}),
    ...(previous ? { BACK: { target: previous } } : {}),
  },
})

export const tutorApplicationMachine = setup({
  types: {
    context: {} as TutorApplicationContext,
    events: {} as TutorApplicationEvent,
    input: {} as SavedApplication | null,
  },
  actors: {
    submitApplication: fromPromise<RegistrationReceipt, TutorApplicationRequest>(notProvided('submitApplication')),
  },
  actions: {
    /** Keeps step, furthest step and answers where a reload finds them. */
    saveDraft: notProvided('saveDraft'),
    clearDraft: notProvided('clearDraft'),
    enterStep: assign(({ context }, params: { step: StepId }) => ({ step: params.step, furthest: later(context.furthest, params.step) })),
    updateDraft: assign(({ context, event }) => {
      assertEvent(event, 'DRAFT.CHANGE')
      return { draft: event.draft, errors: withoutChangedFields(context.errors, context.draft, event.draft) }
    }),
    showStepErrors: assign({ errors: ({ context }) => withStepErrors(context.errors, context.step, stepRules[context.step](context.draft)) }),
    clearStepErrors: assign({ errors: ({ context }) => withStepErrors(context.errors, context.step, {}), problem: null }),
    /** Moves to the first step before the goal that has problems, showing them. */
    showFirstInvalidStep: assign(({ context, event }) => {
      const invalid = firstInvalidStep(context.draft, event.type === 'GO_TO' ? context.step : 'personal', goalOf(event))
      if (!invalid) return {}
      return { step: invalid.step, errors: withStepErrors(context.errors, invalid.step, invalid.errors) }
    }),
    goToRequestedStep: assign(({ event }) => {
      assertEvent(event, 'GO_TO')
      return { step: event.step }
    }),
    clearProblem: assign({ problem: null }),
    storeReceipt: assign({ receipt: (_, receipt: RegistrationReceipt) => receipt }),
    showServerFieldErrors: assign(({ context }, error: unknown) => {
      const fields = serverFieldErrors(error) ?? {}
      const step = STEP_IDS.find((id) => Object.keys(fields).some((field) => stepOfField(field) === id)) ?? context.step
      return { errors: fields, step, problem: messageOf(error) }
    }),
    showProblem: assign({ problem: (_, error: unknown) => messageOf(error) }),
  },
  guards: {
    isAtStep: ({ context }, params: { step: StepId }) => context.step === params.step,
    isStepValid: ({ context }) => Object.keys(stepRules[context.step](context.draft)).length === 0,
    /** Back to any step, or forward to a step already reached when every step on the way is fine. */
    canGoTo: ({ context, event }) => {
      assertEvent(event, 'GO_TO')
      if (event.step === context.step || indexOf(event.step) > indexOf(context.furthest)) return false
      return indexOf(event.step) < indexOf(context.step) || firstInvalidStep(context.draft, context.step, indexOf(event.step)) === null
    },
    isReachedStep: ({ context, event }) => {
      assertEvent(event, 'GO_TO')
      return indexOf(event.step) <= indexOf(context.furthest) && event.step !== context.step
    },
    isApplicationValid: ({ context }) => Object.keys(applicationErrors(context.draft)).length === 0,
    hasServerFieldErrors: (_, error: unknown) => serverFieldErrors(error) !== null,
  },
}).createMachine({
  id: 'tutorApplication',
  context: ({ input }) => ({
    step: input?.step ?? 'personal',
    furthest: input?.furthest ?? 'personal',
    draft: input?.draft ?? emptyDraft(),
    errors: {},
    problem: null,
    receipt: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'resuming',
      states: {
        /** Shows the step the context names: the saved one after a reload, or the one an event chose. */
        resuming: {
          always: [
            { guard: { type: 'isAtStep', params: { step: 'teaching' } }, target: 'teaching' },
            { guard: { type: 'isAtStep', params: { step: 'delivery' } }, target: 'delivery' },
            { guard: { type: 'isAtStep', params: { step: 'checks' } }, target: 'checks' },
            { guard: { type: 'isAtStep', params: { step: 'review' } }, target: 'review' },
            { target: 'personal' },
          ],
        },
        personal: stepState('personal', null, 'teaching'),
        teaching: stepState('teaching', 'personal', 'delivery'),
        delivery: stepState('delivery', 'teaching', 'checks'),
        checks: stepState('checks', 'delivery', 'review'),
        review: {
          entry: stepState('review', 'checks', null).entry,
          on: {
            BACK: { target: 'checks' },
            SUBMIT: [
              { guard: 'isApplicationValid', target: '#tutorApplication.submitting', actions: 'clearProblem' },
              { target: 'resuming', actions: 'showFirstInvalidStep' },
            ],
          },
        },
      },
      on: {
        'DRAFT.CHANGE': { actions: ['updateDraft', 'saveDraft'] },
        GO_TO: [
          { guard: 'canGoTo', target: '.resuming', actions: ['goToRequestedStep', 'clearProblem'] },
          { guard: 'isReachedStep', target: '.resuming', actions: 'showFirstInvalidStep' },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'submitApplication',
        input: ({ context }) => requestFrom(context.draft),
        onDone: {
          target: 'submitted',
          actions: [{ type: 'storeReceipt', params: ({ event }: { event: DoneActorEvent<RegistrationReceipt> }) => event.output }, 'clearDraft'],
        },
        onError: [
          {
            guard: { type: 'hasServerFieldErrors', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'editing.resuming',
            actions: { type: 'showServerFieldErrors', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          // Too many attempts, no connection, a server fault: stay on the review with the answers kept.
          { target: 'editing.review', actions: { type: 'showProblem', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    submitted: { type: 'final' },
  },
})

export type TutorApplicationMachine = typeof tutorApplicationMachine
export type TutorApplicationActor = ActorRefFrom<TutorApplicationMachine>
export type TutorApplicationSnapshot = SnapshotFrom<TutorApplicationMachine>
