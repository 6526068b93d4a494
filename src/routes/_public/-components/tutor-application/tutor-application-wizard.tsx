import { Box, Button, Fieldset, Group, Paper, Stack, Stepper, Text, TextInput, Title, VisuallyHidden } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type { TutorApplicationContext, TutorApplicationEvent } from '@/machines/tutor-application.machine'
import { applicationErrors, STEP_IDS, stepOfField, type StepId, type TutorApplicationDraft } from '@/machines/tutor-application.rules'
import type { ApplicationStores } from '@/machines/tutor-application.storage'
import { wireTutorApplication } from '@/machines/tutor-application.wiring'
import { memoryStorage } from '@/memory-storage'
import { useAppContext } from '@/app/use-app-context'
import { focusFirstInvalid } from '@/forms/enrolment-errors'
import { FormProblem } from '@/routes/_public/-components/enrolment/form-problem'
import { ApplicationReceipt } from './application-receipt'
import { ChecksStep, DeliveryStep, PersonalStep, TeachingStep } from './application-steps'
import { KeptAnswersNotice, StartAgain } from './kept-answers'
import { stepCopy } from './step-copy'
import { ReviewStep } from './review-step'

/** The browser's storage, or a throwaway one where it is refused (the draft then lives in memory only). */
function storageOr(open: () => Storage): Storage {
  try {
    return open()
  } catch {
    return memoryStorage()
  }
}

const browserStores = (): ApplicationStores => ({ local: storageOr(() => window.localStorage), session: storageOr(() => window.sessionStorage) })

/**
 * The five-step tutor application. "Start again" forgets the kept answers and opens a fresh wizard; the line below
 * says so (a live region, as the fresh wizard's own words are new to the page).
 */
export function TutorApplicationWizard({ subjects }: { subjects: readonly string[] }) {
  const [fresh, setFresh] = useState(0)
  return (
    <div>
      <div role="status">
        {fresh > 0 && (
          <Text fw={700} mb="md">
            Your answers were cleared from this device.
          </Text>
        )}
      </div>
      <ApplicationWizard key={fresh} subjects={subjects} restarted={fresh > 0} onRestart={() => setFresh((count) => count + 1)} />
    </div>
  )
}

/** The wizard itself: the machine decides the step, the form shows the answers and messages. */
function ApplicationWizard({ subjects, restarted, onRestart }: { subjects: readonly string[]; restarted: boolean; onRestart: () => void }) {
  const { api, inspect } = useAppContext()
  const [wired] = useState(() => wireTutorApplication({ registrationsApi: api.registrations, stores: browserStores() }))
  const [keptNotice, setKeptNotice] = useState(wired.input !== null)
  const actor = useActorRef(wired.machine, { input: wired.input, inspect })
  const step = useSelector(actor, (snapshot) => snapshot.context.step)
  const furthest = useSelector(actor, (snapshot) => snapshot.context.furthest)
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors)
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem)
  const receipt = useSelector(actor, (snapshot) => snapshot.context.receipt)
  const submitting = useSelector(actor, (snapshot) => snapshot.matches('submitting'))

  const form = useForm<TutorApplicationDraft>({
    mode: 'controlled',
    initialValues: wired.input?.draft ?? actor.getSnapshot().context.draft,
    validate: applicationErrors,
    validateInputOnBlur: true,
    onValuesChange: (draft) => actor.send({ type: 'DRAFT.CHANGE', draft }),
  })

  // The machine's messages (a step that could not be left, the server's answer) are the ones to show.
  const { setErrors } = form
  useEffect(() => setErrors(errors), [errors, setErrors])

  const heading = useRef<HTMLHeadingElement>(null)
  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    heading.current?.focus()
  }, [step])
  // After "Start again" the fresh first step has the focus, as the button that had it is gone.
  useEffect(() => {
    if (restarted) heading.current?.focus()
  }, [restarted])

  const formElement = useRef<HTMLFormElement>(null)
  const problemElement = useRef<HTMLDivElement>(null)
  /**
   * The machine kept the person on a step to change something (or sending failed): its messages are drawn at once,
   * then the first field with one, or else the alert saying why nothing was sent, is scrolled into view and takes
   * the focus. Without it the message could sit above a phone's screen, with the focus still on Next.
   */
  const showWhatToChange = ({ step: shown, errors: messages, problem: why }: TutorApplicationContext) => {
    // The field takes the focus, not the heading of the step it is on.
    shownStep.current = shown
    flushSync(() => setErrors(messages))
    if (Object.keys(messages).some((field) => stepOfField(field) === shown)) focusFirstInvalid(formElement.current, messages)
    else if (why !== null) {
      problemElement.current?.scrollIntoView({ block: 'center' })
      problemElement.current?.focus({ preventScroll: true })
    }
  }

  /** Sends a move; when the machine answers with messages instead of the step asked for, they get the focus. */
  const move = (event: TutorApplicationEvent) => {
    const before = actor.getSnapshot().context
    actor.send(event)
    const after = actor.getSnapshot()
    if (after.status !== 'active' || after.matches('submitting') || event.type === 'BACK') return
    const asked = event.type === 'GO_TO' ? event.step : event.type === 'NEXT' ? STEP_IDS[STEP_IDS.indexOf(before.step) + 1] : undefined
    // The step asked for was reached, or nothing new was found (a step that cannot be reached yet).
    if (after.context.step === asked || after.context.errors === before.errors) return
    showWhatToChange(after.context)
  }
  const goTo = (target: StepId) => move({ type: 'GO_TO', step: target })

  // Sending that ends without a receipt: the server's messages under their fields, or its reason above the form.
  const sendingEnded = useEffectEvent((context: TutorApplicationContext) => showWhatToChange(context))
  useEffect(() => {
    let sending = actor.getSnapshot().matches('submitting')
    const subscription = actor.subscribe((snapshot) => {
      const wasSending = sending
      sending = snapshot.matches('submitting')
      if (wasSending && !sending && snapshot.status === 'active') sendingEnded(snapshot.context)
    })
    return () => subscription.unsubscribe()
  }, [actor])

  const startAgain = () => {
    wired.discard()
    onRestart()
  }

  if (receipt) return <ApplicationReceipt receipt={receipt} />

  const index = STEP_IDS.indexOf(step)
  const furthestIndex = STEP_IDS.indexOf(furthest)
  const copy = stepCopy[step]

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text fw={700}>
          Step {index + 1} of {STEP_IDS.length}: {copy.label}
        </Text>
        <Box component="nav" aria-label="Application steps" visibleFrom="md">
          <Stepper active={index} onStepClick={(clicked) => goTo(STEP_IDS[clicked]!)} size="sm" iconSize={32}>
            {STEP_IDS.map((id, stepIndex) => (
              <Stepper.Step key={id} label={stepCopy[id].label} allowStepSelect={stepIndex <= furthestIndex && !submitting} />
            ))}
          </Stepper>
        </Box>
      </Stack>
      {keptNotice && wired.input && <KeptAnswersNotice savedAt={wired.input.savedAt} onStartAgain={startAgain} onClose={() => setKeptNotice(false)} />}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form
          ref={formElement}
          noValidate
          aria-labelledby="tutor-application-step-title"
          onSubmit={(event) => {
            event.preventDefault()
            if (submitting) return
            move(step === 'review' ? { type: 'SUBMIT' } : { type: 'NEXT' })
          }}
        >
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={2} ref={heading} tabIndex={-1} id="tutor-application-step-title">
                {copy.title}
              </Title>
              <Text c="dimmed">{copy.lead}</Text>
            </Stack>
            <FormProblem problem={problem} problemRef={problemElement} title="Your application was not sent" />
            <Fieldset variant="unstyled" disabled={submitting} p={0} m={0}>
              {step === 'personal' && <PersonalStep form={form} />}
              {step === 'teaching' && <TeachingStep form={form} subjects={subjects} />}
              {step === 'delivery' && <DeliveryStep form={form} />}
              {step === 'checks' && <ChecksStep form={form} />}
              {step === 'review' && <ReviewStep form={form} onEdit={goTo} />}
            </Fieldset>
            {/* A trap for bots that fill in every field: people and assistive technology never meet it. */}
            <VisuallyHidden aria-hidden>
              <TextInput label="Website" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
            </VisuallyHidden>
            <Group justify="space-between" gap="sm">
              {step !== 'personal' ? (
                <Button variant="default" onClick={() => move({ type: 'BACK' })} disabled={submitting}>
                  Back
                </Button>
              ) : (
                <span />
              )}
              <Group gap="sm">
                {furthest === 'review' && step !== 'review' && (
                  <Button variant="light" onClick={() => goTo('review')}>
                    Back to review
                  </Button>
                )}
                <Button type="submit" loading={submitting}>
                  {step === 'review' ? 'Send application' : 'Next'}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Group justify="space-between" gap="xs">
        <Text size="sm">On a shared computer? Clear your answers from this device when you stop.</Text>
        <StartAgain onConfirm={startAgain} disabled={submitting} />
      </Group>
    </Stack>
  )
}
