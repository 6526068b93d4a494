import { Alert, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { keepPreviousData, useQuery, type UseMutationResult } from '@tanstack/react-query'
import { longLessonDay } from '@shared/lesson-time'
import { REQUIRED } from '@shared/field-rules'
import { placementPreviewQueryOptions, type Placement, type PlacementInput, type TutorSuggestion } from '@/api/placements'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { ActionForm } from '@/routes/_authenticated/-components/action-form'

interface FirstLessonValues extends Record<string, unknown> {
  startsOn: string
  /** "HH:MM", or empty when the tutor and the family are to agree it. */
  startTime: string
}

/**
 * Placing with one tutor, after reading what it sends: the first lesson's day and time, proposed when both the
 * learner and the tutor are free, and the two mails exactly as they will go, refreshed as the day or time changes.
 */
export function PlaceDialog({
  learner,
  suggestion,
  lessons,
  action,
  onClose,
  onRefused,
}: {
  learner: string
  suggestion: TutorSuggestion
  /** The placement as the page's form has it, less the first lesson this dialog settles. */
  lessons: Omit<PlacementInput, 'startsOn' | 'startTime'>
  action: UseMutationResult<Placement, Error, PlacementInput>
  onClose: () => void
  onRefused: () => Promise<unknown>
}) {
  const { api } = useAppContext()
  const { tutor, firstLesson } = suggestion
  const form = useForm<FirstLessonValues>({
    mode: 'controlled',
    initialValues: { startsOn: firstLesson.date, startTime: firstLesson.startTime },
    validate: { startsOn: (value) => (value === '' ? REQUIRED.choose('the day of the first lesson') : null) },
  })
  const toInput = (values: FirstLessonValues): PlacementInput => ({
    ...lessons,
    startsOn: values.startsOn,
    ...(values.startTime === '' ? {} : { startTime: values.startTime }),
  })
  const values = form.getValues()
  const input = toInput(values)
  const preview = useQuery({ ...placementPreviewQueryOptions(api.placements, input), enabled: values.startsOn !== '', placeholderData: keepPreviousData })
  const proposed = `${longLessonDay(firstLesson.date)} at ${firstLesson.startTime}`

  return (
    <ActionForm
      opened
      onClose={onClose}
      title={`Place ${learner} with ${tutor.name}`}
      form={form}
      action={action}
      toInput={toInput}
      submitLabel="Place and send both mails"
      refusedTitle="The learner was not placed"
      onRefused={onRefused}
    >
      {firstLesson.bothFree ? (
        <Text size="sm">
          Proposed for a time both said they are free: {proposed}.
        </Text>
      ) : (
        <Alert color="yellow" variant="light" title="Not a time both said they are free">
          {proposed} is when {learner} is free, or {tutor.name} is, but not both. Agree the time with them, or leave it empty for them to arrange.
        </Alert>
      )}
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label="First lesson" type="date" required miw={160} {...form.getInputProps('startsOn')} />
        <TextInput label="Time" description="Empty when they are to arrange it" type="time" step={300} miw={160} {...form.getInputProps('startTime')} />
      </Group>
      <Stack gap="xs" component="section" aria-labelledby="preview-title">
        <Title order={3} size="h5" id="preview-title">
          The mails, as they will be sent
        </Title>
        {preview.isError ? (
          <Alert color="red" variant="light" title="The mails could not be shown">
            {errorMessage(preview.error)}
          </Alert>
        ) : preview.data === undefined ? (
          <Skeleton height={160} role="status" aria-busy="true" aria-label="Loading the mails" />
        ) : (
          preview.data.mails.map((mail) => (
            <Card key={mail.audience} withBorder padding="sm" component="article" aria-label={mail.audience === 'tutor' ? `The mail to ${tutor.name}` : `The mail to ${learner}'s contact`}>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {mail.subject}
                </Text>
                <Text size="xs" c="dimmed">
                  To {mail.to}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {mail.text}
                </Text>
              </Stack>
            </Card>
          ))
        )}
      </Stack>
    </ActionForm>
  )
}
