import { Button, Group, NumberInput, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconArrowsMove, IconCalendarPlus, IconCalendarX, IconUserX } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { ENUMS, LIMITS } from '@shared/contract.gen'
import { optionsOf } from '@shared/labels'
import { londonDay, longLessonDay, SERIES_LIMIT } from '@shared/lesson-time'
import { LESSON_FAMILIES, type Lesson, type LessonCancellation, type MyLessonDetail, type LessonMove, type LessonPlan } from '@/api/lessons'
import { queryKeys } from '@/api/query-keys'
import { termCalendarQueryOptions } from '@/api/term-calendar'
import { useAppContext } from '@/app/use-app-context'
import { ActionForm } from '@/routes/_authenticated/-components/action-form'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { learnerNames } from '@/routes/_authenticated/-components/lesson-words'

const MINUTES = ENUMS.LessonMinutes.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))
const PLACE_MAX = LIMITS.LessonPlan.place.maxLength
const REASON_MAX = LIMITS.LessonCancellation.reason.maxLength
const TIME = new RegExp(LIMITS.LessonTime.pattern)
const FEWEST_IN_SERIES = LIMITS.LessonPlan.repeat.times.minimum
/** How many coming holidays the plan dialog names. */
const HOLIDAYS_SHOWN = 3
/** "Mon 15 Feb" */
const shortDay = (day: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))

function useLessonWrite<Input>(save: (input: Input) => Promise<MyLessonDetail>, success: string) {
  return useSaveRecord({
    save,
    detailKey: (saved) => queryKeys.lessons.detail(saved.lesson.id),
    refetch: LESSON_FAMILIES,
    success,
    onSaved: () => undefined,
  })
}

function useRefetchLesson(lessonId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.lessons.detail(lessonId) })
}

/**
 * Planning lessons for one placement: the first lesson's day, time and length, and whether it repeats weekly until a
 * day or for a number of lessons. The server refuses the whole plan when one lesson would overlap another.
 */
export function PlanLessons({
  placement,
  learner,
}: {
  placement: { id: string; subject: string; lessonMinutes?: number; startsOn: string; startTime?: string; place?: string }
  learner: string
}) {
  const { api } = useAppContext()
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  const today = londonDay(new Date())
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      date: today < placement.startsOn ? placement.startsOn : today,
      startTime: placement.startTime ?? '16:00',
      minutes: String(placement.lessonMinutes ?? 60),
      place: placement.place ?? '',
      repeat: 'once' as 'once' | 'until' | 'times',
      until: '',
      times: 10 as number | string,
    },
    validate: {
      date: (value) => (value === '' ? 'Choose the day of the (first) lesson.' : value < placement.startsOn ? `The placement starts on ${longLessonDay(placement.startsOn)}.` : null),
      startTime: (value) => (TIME.test(value) ? null : 'Enter the start time as hours and minutes, such as 16:30.'),
      until: (value, values) =>
        values.repeat !== 'until' ? null : value === '' ? 'Choose the day of the last lesson.' : value < values.date ? 'The last lesson cannot come before the first.' : null,
      times: (value, values) =>
        values.repeat !== 'times' ? null : typeof value !== 'number' || value < FEWEST_IN_SERIES || value > SERIES_LIMIT ? `Choose between ${FEWEST_IN_SERIES} and ${SERIES_LIMIT} lessons.` : null,
    },
  })
  const action = useSaveRecord({
    save: (plan: LessonPlan) => api.lessons.plan(plan),
    detailKey: () => queryKeys.lessons.list({}),
    refetch: LESSON_FAMILIES,
    success: 'The lessons are planned',
    onSaved: async (saved) => {
      const [first] = saved.items
      if (saved.items.length === 1 && first) await navigate({ to: '/tutor/reports/$lessonId', params: { lessonId: first.id } })
    },
  })
  const { values } = form
  return (
    <>
      <Button size="sm" leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setOpened(true)} aria-label={`Plan lessons: ${placement.subject} with ${learner}`}>
        Plan lessons
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Plan ${placement.subject} lessons with ${learner}`}
        form={form}
        action={action}
        toInput={(input): LessonPlan => ({
          placementIds: [placement.id],
          date: input.date,
          startTime: input.startTime,
          minutes: Number(input.minutes) as LessonPlan['minutes'],
          ...(input.place.trim() === '' ? {} : { place: input.place.trim() }),
          ...(input.repeat === 'until' ? { repeat: { until: input.until } } : input.repeat === 'times' ? { repeat: { times: Number(input.times) } } : {}),
        })}
        submitLabel="Plan"
      >
        <Text size="sm">Times are UK time. A lesson already taught can be added too: it waits for its report.</Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label={values.repeat === 'once' ? 'Day' : 'First lesson'} type="date" required min={placement.startsOn} {...form.getInputProps('date')} />
          <TextInput label="Start time" type="time" required step={300} {...form.getInputProps('startTime')} />
        </Group>
        <Select label="Length" data={MINUTES} allowDeselect={false} required {...form.getInputProps('minutes')} />
        <TextInput label="Place" description="A room, an address, or the online meeting." maxLength={PLACE_MAX} {...form.getInputProps('place')} />
        <Radio.Group label="Repeat" {...form.getInputProps('repeat')}>
          <Stack gap="xs" mt={4}>
            <Radio value="once" label="Just once" />
            <Radio value="until" label="Weekly, until a day" />
            <Radio value="times" label="Weekly, a number of times" />
          </Stack>
        </Radio.Group>
        {values.repeat !== 'once' && <HolidaysSkipped from={values.date} />}
        {values.repeat === 'until' && <TextInput label="Last lesson on or before" type="date" required min={values.date} {...form.getInputProps('until')} />}
        {values.repeat === 'times' && <NumberInput label="Number of lessons" required min={FEWEST_IN_SERIES} max={SERIES_LIMIT} allowDecimal={false} {...form.getInputProps('times')} />}
      </ActionForm>
    </>
  )
}

/** The office's holidays still to come from the series' first day, which a weekly series leaves out. */
function HolidaysSkipped({ from }: { from: string }) {
  const { api } = useAppContext()
  const { data } = useQuery(termCalendarQueryOptions(api.termCalendar))
  const coming = (data?.holidays ?? []).filter((holiday) => holiday.endsOn >= from).slice(0, HOLIDAYS_SHOWN)
  if (coming.length === 0) return null
  return (
    <Text size="sm">
      Weekly lessons leave out the holidays in the term dates:{' '}
      {coming.map((holiday) => `${holiday.name} (${shortDay(holiday.startsOn)} to ${shortDay(holiday.endsOn)})`).join(', ')}
      {data && data.holidays.filter((holiday) => holiday.endsOn >= from).length > HOLIDAYS_SHOWN ? ' and later ones' : ''}. A number of lessons still gives that many.
    </Text>
  )
}

/** Moving a planned lesson to another day or time. */
export function MoveLesson({ lesson }: { lesson: Lesson }) {
  const { api } = useAppContext()
  const [opened, setOpened] = useState(false)
  const form = useForm({
    mode: 'controlled',
    initialValues: { date: lesson.date, startTime: lesson.startTime, minutes: String(lesson.minutes), place: lesson.place ?? '' },
    validate: {
      date: (value) => (value === '' ? 'Choose the new day.' : null),
      startTime: (value) => (TIME.test(value) ? null : 'Enter the start time as hours and minutes, such as 16:30.'),
    },
  })
  const action = useLessonWrite((input: LessonMove) => api.lessons.move(lesson.id, lesson.version, input), 'The lesson is moved')
  return (
    <>
      <Button variant="light" leftSection={<IconArrowsMove size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Move
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Move the lesson with ${learnerNames(lesson)}`}
        form={form}
        action={action}
        toInput={(input): LessonMove => ({
          date: input.date,
          startTime: input.startTime,
          minutes: Number(input.minutes) as LessonMove['minutes'] & number,
          ...(input.place.trim() === '' ? {} : { place: input.place.trim() }),
        })}
        submitLabel="Move the lesson"
        onRefused={useRefetchLesson(lesson.id)}
      >
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="New day" type="date" required {...form.getInputProps('date')} />
          <TextInput label="Start time" type="time" required step={300} {...form.getInputProps('startTime')} />
        </Group>
        <Select label="Length" data={MINUTES} allowDeselect={false} required {...form.getInputProps('minutes')} />
        <TextInput label="Place" maxLength={PLACE_MAX} {...form.getInputProps('place')} />
      </ActionForm>
    </>
  )
}

/** Cancelling a lesson: by whom and why; with less than 24 hours' notice it counts as late. */
export function CancelLesson({ lesson }: { lesson: Lesson }) {
  const { api } = useAppContext()
  const [opened, setOpened] = useState(false)
  const form = useForm({
    mode: 'controlled',
    initialValues: { cancelledBy: '' as LessonCancellation['cancelledBy'] | '', reason: '' },
    validate: {
      cancelledBy: (value) => (value === '' ? 'Say who cancelled.' : null),
      reason: (value) => (value.trim() === '' ? 'Say why the lesson is cancelled.' : null),
    },
  })
  const action = useLessonWrite((input: LessonCancellation) => api.lessons.cancel(lesson.id, lesson.version, input), 'The lesson is cancelled')
  return (
    <>
      <Button variant="outline" color="red" leftSection={<IconCalendarX size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Cancel lesson
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Cancel the lesson with ${learnerNames(lesson)}?`}
        form={form}
        action={action}
        toInput={(input): LessonCancellation => ({ cancelledBy: input.cancelledBy as LessonCancellation['cancelledBy'], reason: input.reason.trim() })}
        submitLabel="Cancel the lesson"
        dismissLabel="Keep the lesson"
        danger
        onRefused={useRefetchLesson(lesson.id)}
      >
        <Text size="sm">With less than 24 hours’ notice the cancellation counts as late.</Text>
        <Select label="Cancelled by" data={optionsOf('CancelledBy')} required {...form.getInputProps('cancelledBy')} />
        <Textarea label="Reason" required autosize minRows={2} maxLength={REASON_MAX} {...form.getInputProps('reason')} />
      </ActionForm>
    </>
  )
}

/** Recording that the learner did not come. */
export function MarkLessonMissed({ lesson }: { lesson: Lesson }) {
  const { api } = useAppContext()
  const [opened, setOpened] = useState(false)
  const form = useForm({ mode: 'controlled', initialValues: { note: '' } })
  const action = useLessonWrite((input: { note?: string }) => api.lessons.markMissed(lesson.id, lesson.version, input), 'The lesson is marked missed')
  return (
    <>
      <Button variant="outline" leftSection={<IconUserX size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Mark missed
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={`${learnerNames(lesson)} did not come?`}
        form={form}
        action={action}
        toInput={(input) => (input.note.trim() === '' ? {} : { note: input.note.trim() })}
        submitLabel="Mark missed"
        onRefused={useRefetchLesson(lesson.id)}
      >
        <Text size="sm">The learner is counted absent. The lesson then needs no report.</Text>
        <Textarea label="What happened" description="Optional, for the office." autosize minRows={2} maxLength={LIMITS.LessonMissed.note.maxLength} {...form.getInputProps('note')} />
      </ActionForm>
    </>
  )
}
