import { Alert, Box, Button, Fieldset, Group, Paper, Stack, Stepper, Text, TextInput, Title, VisuallyHidden } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import type { TutorApplicationEvent } from '@/machines/tutor-application.machine'
import { applicationErrors, STEP_IDS, type StepId, type TutorApplicationDraft } from '@/machines/tutor-application.rules'
import { wireTutorApplication } from '@/machines/tutor-application.wiring'
import { memoryStorage } from '@/memory-storage'
import { useAppContext } from '@/app/use-app-context'
import { ApplicationReceipt } from './application-receipt'
import { ChecksStep, DeliveryStep, PersonalStep, TeachingStep } from './application-steps'
import { stepCopy } from './step-copy'
import { ReviewStep } from './review-step'

/** This tab's session storage, or a throwaway one when the browser refuses it (the draft then lives in memory). */
function sessionStore(): Storage {
  try {
    return window.sessionStorage
  } catch {
    return memoryStorage()
  }
}

/** The five-step tutor application: the machine decides the step, the form shows the answers and messages. */
export function TutorApplicationWizard({ subjects }: { subjects: readonly string[] }) {
  const { api, inspect } = useAppContext()
  const [wired] = useState(() => wireTutorApplication({ registrationsApi: api.registrations, store: sessionStore() }))
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

  const formElement = useRef<HTMLFormElement>(null)
  /** Sends a move; when the step stays (its answers need a change), focus goes to the first field to fix. */
  const move = (event: TutorApplicationEvent) => {
    const before = actor.getSnapshot().context.step
    actor.send(event)
    const after = actor.getSnapshot()
    if (after.context.step !== before || after.status !== 'active' || after.matches('submitting')) return
    window.setTimeout(() => {
      const invalid = formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error] input, .mantine-InputWrapper-error')
      const field = invalid?.matches('input, textarea, select, button') ? invalid : invalid?.closest('[role="group"], .mantine-InputWrapper-root')?.querySelector<HTMLElement>('input, textarea')
      field?.focus()
    }, 0)
  }
  const goTo = (target: StepId) => move({ type: 'GO_TO', step: target })

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
            {problem && (
              <Alert color="red" variant="light" role="alert" title="Your application was not sent">
                {problem}
              </Alert>
            )}
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
    </Stack>
  )
}
