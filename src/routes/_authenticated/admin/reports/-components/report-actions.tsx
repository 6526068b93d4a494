import { Button, Group, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconArrowBackUp, IconCheck, IconMailOff, IconSend } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { isApiError } from '@/api/errors'
import { REPORT_FAMILIES } from '@/api/lesson-reports'
import type { LessonDetail } from '@/api/lessons'
import { queryKeys } from '@/api/query-keys'
import { toast } from '@/ui/toasts'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { ActionForm } from '@/routes/_authenticated/-components/action-form'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { HOLD_BACK_REASON_LIMITS, RETURN_COMMENT_LIMITS } from './report-words'

/** Refetches the lesson after a refusal (someone reviewed it meanwhile, or the tutor edited it), so the page shows what is true now. */
function useRefetchReport(lessonId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.reports.detail(lessonId) })
}

/** Saves a review and refreshes every list the lesson is in; the answer is the lesson as it now is. */
function useReview<Input>(save: (input: Input) => Promise<LessonDetail>, success: string) {
  return useSaveRecord({ save, detailKey: (saved) => queryKeys.reports.detail(saved.lesson.id), refetch: REPORT_FAMILIES, success, onSaved: () => undefined })
}

function ApproveReport({ detail }: { detail: LessonDetail }) {
  const { api } = useAppContext()
  const { lesson } = detail
  const refetch = useRefetchReport(lesson.id)
  const approve = useReview(() => api.lessonReports.approve(lesson.id, lesson.version), 'The report is approved')
  return (
    <Button
      leftSection={<IconCheck size={16} aria-hidden />}
      loading={approve.isPending}
      onClick={() =>
        approve.mutate(undefined, {
          onError: (error) => {
            toast.error(errorMessage(error))
            if (isApiError(error) && error.status === 409) void refetch()
          },
        })
      }
    >
      Approve
    </Button>
  )
}

/** Approving without sending the family part, with why (kept in the history): it can be sent later from the report. */
function ApproveAndHoldBack({ detail }: { detail: LessonDetail }) {
  const { api } = useAppContext()
  const { lesson } = detail
  const [opened, setOpened] = useState(false)
  const refetch = useRefetchReport(lesson.id)
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' } })
  const action = useReview((reason: string) => api.lessonReports.approve(lesson.id, lesson.version, { holdBack: true, ...(reason === '' ? {} : { reason }) }), 'The report is approved and held back: nothing was sent')
  return (
    <>
      <Button variant="default" leftSection={<IconMailOff size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Approve and hold back
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title="Approve and hold it back from the family?"
        form={form}
        action={action}
        toInput={(values) => values.reason.trim()}
        submitLabel="Approve and hold back"
        onRefused={refetch}
      >
        <Text>
          The report is approved, but nothing goes to the family or the school until you send it from this page. Approving as usual sends them the family
          part at once.
        </Text>
        <Textarea label="Why hold it back?" description="Kept in the lesson’s history." autosize minRows={2} maxLength={HOLD_BACK_REASON_LIMITS.maxLength} {...form.getInputProps('reason')} />
      </ActionForm>
    </>
  )
}

/** Sends a held-back report's family part now. */
export function ShareReport({ detail }: { detail: LessonDetail }) {
  const { api } = useAppContext()
  const { lesson } = detail
  const refetch = useRefetchReport(lesson.id)
  const share = useReview(() => api.lessonReports.share(lesson.id, lesson.version), 'The report is on its way to the family and school')
  return (
    <Button
      size="sm"
      leftSection={<IconSend size={16} aria-hidden />}
      loading={share.isPending}
      onClick={() =>
        share.mutate(undefined, {
          onError: (error) => {
            toast.error(errorMessage(error))
            if (isApiError(error) && error.status === 409) void refetch()
          },
        })
      }
    >
      Send to the family and school now
    </Button>
  )
}

function ReturnReport({ detail }: { detail: LessonDetail }) {
  const { api } = useAppContext()
  const { lesson } = detail
  const [opened, setOpened] = useState(false)
  const refetch = useRefetchReport(lesson.id)
  const form = useForm({
    mode: 'controlled',
    initialValues: { comment: '' },
    validate: { comment: (value) => (value.trim() === '' ? 'Say what the tutor should change.' : null) },
  })
  const action = useReview((comment: string) => api.lessonReports.return(lesson.id, lesson.version, comment), 'The report is back with the tutor, who has been emailed')
  return (
    <>
      <Button variant="light" color="red" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Return to tutor
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Return the report to ${lesson.tutor.name}?`}
        form={form}
        action={action}
        toInput={(values) => values.comment.trim()}
        submitLabel="Return to tutor"
        onRefused={refetch}
      >
        <Text>
          {lesson.tutor.name} is emailed your comment and can change the report and send it again. Families and schools see nothing until you approve
          it.
        </Text>
        <Textarea
          label="What should the tutor change?"
          description="Emailed to the tutor and kept in the lesson’s history."
          required
          autosize
          minRows={4}
          maxLength={RETURN_COMMENT_LIMITS.maxLength}
          {...form.getInputProps('comment')}
        />
      </ActionForm>
    </>
  )
}

/** The reviews the lesson allows now: approve it (sending the family part, or holding it back), or return it to the tutor with a comment. */
export function ReportActions({ detail }: { detail: LessonDetail }) {
  const canApprove = detail.moves.includes('APPROVE')
  const canReturn = detail.moves.includes('RETURN')
  if (!canApprove && !canReturn) return null
  return (
    <Group gap="sm" role="group" aria-label="Review">
      {canApprove && <ApproveReport detail={detail} />}
      {canApprove && <ApproveAndHoldBack detail={detail} />}
      {canReturn && <ReturnReport detail={detail} />}
    </Group>
  )
}
