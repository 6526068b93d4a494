import { Button, Group, Select, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconCalendarCog, IconCalendarPause } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ENUMS, LIMITS } from '@shared/contract.gen'
import { REPORT_FAMILIES } from '@/api/lesson-reports'
import type { LessonSeriesCancel, LessonSeriesMove } from '@/api/lesson-series'
import type { Lesson } from '@/api/lessons'
import { toast } from '@/ui/toasts'
import { useAppContext } from '@/app/use-app-context'
import { ActionForm } from '@/routes/_authenticated/-components/action-form'

const MINUTES = ENUMS.LessonMinutes.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))
const TIME = new RegExp(LIMITS.LessonTime.pattern)
const REASON_MAX = LIMITS.LessonSeriesCancel.reason.maxLength

/** Saves a change to the series and refreshes every list and page its lessons are on. */
function useSeriesChange<Input>(save: (input: Input) => Promise<{ items: readonly Lesson[] }>, success: (count: number) => string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      await Promise.all(REPORT_FAMILIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      toast.success(success(saved.items.length))
    },
  })
}

const lessonsWord = (count: number) => `${count} ${count === 1 ? 'lesson' : 'lessons'}`

/**
 * The office's changes to a lesson's weekly series, this lesson and the following ones: move them to another day of
 * the week and time, or cancel them (for good, or until a day, to pause). The tutor and the family get one mail.
 */
export function SeriesActions({ lesson }: { lesson: Lesson & { seriesId: string } }) {
  const { api } = useAppContext()
  const [opened, setOpened] = useState<'move' | 'cancel' | null>(null)
  const moveForm = useForm({
    mode: 'controlled',
    initialValues: { toDate: lesson.date, startTime: lesson.startTime, minutes: String(lesson.minutes) },
    validate: {
      toDate: (value) => (value === '' ? 'Choose the new day of this lesson.' : null),
      startTime: (value) => (TIME.test(value) ? null : 'Enter the start time as hours and minutes, such as 16:30.'),
    },
  })
  const cancelForm = useForm({
    mode: 'controlled',
    initialValues: { until: '', reason: '' },
    validate: {
      until: (value) => (value !== '' && value < lesson.date ? 'The last day cannot come before this lesson’s.' : null),
      reason: (value) => (value.trim() === '' ? 'Say why, for the tutor and the history.' : null),
    },
  })
  const move = useSeriesChange((input: LessonSeriesMove) => api.lessonSeries.move(lesson.seriesId, input), (count) => `${lessonsWord(count)} moved; the tutor and the family are told`)
  const cancel = useSeriesChange((input: LessonSeriesCancel) => api.lessonSeries.cancel(lesson.seriesId, input), (count) => `${lessonsWord(count)} cancelled; the tutor and the family are told`)
  return (
    <>
      <Group gap="sm">
        <Button variant="light" leftSection={<IconCalendarCog size={16} aria-hidden />} onClick={() => setOpened('move')}>
          Move the series
        </Button>
        <Button variant="outline" color="red" leftSection={<IconCalendarPause size={16} aria-hidden />} onClick={() => setOpened('cancel')}>
          Cancel or pause the series
        </Button>
      </Group>
      <ActionForm
        opened={opened === 'move'}
        onClose={() => setOpened(null)}
        title="Move this lesson and the following ones"
        form={moveForm}
        action={move}
        toInput={(values): LessonSeriesMove => ({ from: lesson.date, toDate: values.toDate, startTime: values.startTime, minutes: Number(values.minutes) as LessonSeriesMove['minutes'] & number })}
        submitLabel="Move the lessons"
      >
        <Text size="sm">
          Every lesson of the series still planned from this one on moves with it, each in its own week. Nothing moves if one would fall in a holiday or meet another
          lesson of the tutor or the learner. Times are UK time.
        </Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="New day of this lesson" type="date" required {...moveForm.getInputProps('toDate')} />
          <TextInput label="Start time" type="time" required step={300} {...moveForm.getInputProps('startTime')} />
        </Group>
        <Select label="Length" data={MINUTES} allowDeselect={false} required {...moveForm.getInputProps('minutes')} />
      </ActionForm>
      <ActionForm
        opened={opened === 'cancel'}
        onClose={() => setOpened(null)}
        title="Cancel this lesson and the following ones"
        form={cancelForm}
        action={cancel}
        toInput={(values): LessonSeriesCancel => ({ from: lesson.date, ...(values.until === '' ? {} : { until: values.until }), reason: values.reason.trim() })}
        submitLabel="Cancel the lessons"
        dismissLabel="Keep the lessons"
        danger
      >
        <Text size="sm">From this lesson on, every lesson of the series still planned is cancelled, or only those up to the last day you choose, to pause it.</Text>
        <TextInput label="Last day" description="Leave empty to cancel every later lesson." type="date" min={lesson.date} {...cancelForm.getInputProps('until')} />
        <Textarea label="Reason" description="For the tutor and the history; the family is told only which lessons are off." required autosize minRows={2} maxLength={REASON_MAX} {...cancelForm.getInputProps('reason')} />
      </ActionForm>
    </>
  )
}
