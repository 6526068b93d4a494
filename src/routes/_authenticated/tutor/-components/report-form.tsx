import { Alert, Button, Card, Checkbox, Group, Radio, Select, Stack, Text, Textarea, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useDebouncedCallback } from '@mantine/hooks'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { LIMITS } from '@shared/contract.gen'
import { REQUIRED } from '@shared/field-rules'
import { labelOf, optionsOf } from '@shared/labels'
import { lessonMoves, nextLessonStatus, type LessonEventType } from '@shared/lesson-lifecycle'
import { isApiError } from '@/api/errors'
import { LESSON_FAMILIES, type MyLessonDetail, type LessonReportDraft, type LessonReportInput } from '@/api/lessons'
import { queryKeys } from '@/api/query-keys'
import { formatDateTime } from '@/ui/format-date-time'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { placeFieldErrors, useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { ReportSent } from './report-sent'
import { forgetUnsaved, keepUnsaved, readUnsaved } from './unsaved-report'

type Attendance = LessonReportInput['attendance'][number]['attendance']
type Severity = NonNullable<LessonReportDraft['concernSeverity']>

interface ReportValues {
  [key: string]: unknown
  attendance: Record<string, Attendance | ''>
  covered: string
  progress: string
  homework: string
  staffNote: string
  raiseConcern: boolean
  concernSeverity: Severity | ''
  concernDetails: string
  concernStudentId: string
}

/** The events that send a report, in the machine's words: the first time, again after a return, or an edit. */
const REPORT_EVENTS: LessonEventType[] = ['SUBMIT_REPORT', 'RESUBMIT', 'EDIT_REPORT']
const SUBMIT_WORDS: Partial<Record<LessonEventType, string>> = { SUBMIT_REPORT: 'Send the report', RESUBMIT: 'Send the report again', EDIT_REPORT: 'Save changes to the report' }
const DRAFT_DELAY_MS = 800
const MAX = LIMITS.LessonReportInput

/** The event that sends this lesson's report now, when the machine takes one. */
export function reportEventFor(detail: MyLessonDetail): LessonEventType | undefined {
  return REPORT_EVENTS.find((event) => lessonMoves(detail.lesson.status).includes(event))
}

/** The form's first values: the tutor's draft when there is one, else the report as last sent, else empty. */
function startingValues(detail: MyLessonDetail): ReportValues {
  const { draft, report, lesson } = detail
  const marks = draft?.attendance ?? lesson.learners.flatMap((learner) => (learner.attendance ? [{ studentId: learner.id, attendance: learner.attendance }] : []))
  return {
    attendance: Object.fromEntries(lesson.learners.map((learner) => [learner.id, marks.find((mark) => mark.studentId === learner.id)?.attendance ?? ''])),
    covered: draft?.covered ?? report?.covered ?? '',
    progress: draft?.progress ?? report?.progress ?? '',
    homework: draft?.homework ?? report?.homework ?? '',
    staffNote: draft?.staffNote ?? report?.staffNote ?? '',
    raiseConcern: draft?.concernSeverity !== undefined || (draft?.concernDetails ?? '') !== '',
    concernSeverity: draft?.concernSeverity ?? '',
    concernDetails: draft?.concernDetails ?? '',
    concernStudentId: lesson.learners.length === 1 ? (lesson.learners[0]?.id ?? '') : '',
  }
}

function toDraft(values: ReportValues): LessonReportDraft {
  const attendance = Object.entries(values.attendance).flatMap(([studentId, attendance]) => (attendance === '' ? [] : [{ studentId, attendance }]))
  return {
    ...(attendance.length > 0 ? { attendance } : {}),
    ...(values.covered === '' ? {} : { covered: values.covered }),
    ...(values.progress === '' ? {} : { progress: values.progress }),
    ...(values.homework === '' ? {} : { homework: values.homework }),
    ...(values.staffNote === '' ? {} : { staffNote: values.staffNote }),
    ...(values.raiseConcern && values.concernSeverity !== '' ? { concernSeverity: values.concernSeverity } : {}),
    ...(values.raiseConcern && values.concernDetails !== '' ? { concernDetails: values.concernDetails } : {}),
  }
}

function toReport(values: ReportValues, learnerCount: number): LessonReportInput {
  const text = (value: string) => value.trim()
  return {
    attendance: Object.entries(values.attendance).map(([studentId, attendance]) => ({ studentId, attendance: attendance as Attendance })),
    covered: text(values.covered),
    progress: text(values.progress),
    ...(text(values.homework) === '' ? {} : { homework: text(values.homework) }),
    ...(text(values.staffNote) === '' ? {} : { staffNote: text(values.staffNote) }),
    ...(values.raiseConcern
      ? {
          concern: {
            severity: values.concernSeverity as Severity,
            details: text(values.concernDetails),
            ...(learnerCount > 1 && values.concernStudentId !== '' ? { studentId: values.concernStudentId } : {}),
          },
        }
      : {}),
  }
}

/**
 * The report of one lesson. The lesson machine decides what the form may do: write and send (awaiting a report),
 * send again (returned), change (sent, until the office approves); anything else shows no form. What the tutor types
 * is kept as a draft on the server shortly after each change, so a reload, another device or a lost connection
 * keeps it; sending clears the draft.
 */
export function ReportForm({ detail, justSent = false, onSent }: { detail: MyLessonDetail; justSent?: boolean; onSent?: () => void }) {
  const { api } = useAppContext()
  const { lesson } = detail
  const event = reportEventFor(detail)
  // Words typed in this tab that the server had not kept yet (a reload straight after typing) win over an older draft.
  const [unsaved] = useState(() => {
    const kept = event === undefined ? null : readUnsaved(lesson.id)
    return kept !== null && (detail.draftSavedAt === undefined || kept.at > detail.draftSavedAt) ? kept : null
  })
  // A sent report shows as sent; its form opens when the tutor chooses to change it, or at once with a change begun.
  const [editing, setEditing] = useState(detail.draft !== undefined || unsaved !== null)
  const form = useForm<ReportValues>({
    mode: 'controlled',
    initialValues: startingValues(unsaved === null ? detail : { ...detail, draft: unsaved.draft }),
    validate: {
      attendance: (value) => (Object.values(value).some((mark) => mark === '') ? REQUIRED.choose('attendance for every learner') : null),
      covered: (value) => (value.trim() === '' ? 'Say what the lesson covered.' : null),
      progress: (value) => (value.trim() === '' ? 'Say how the learner is getting on and what comes next.' : null),
      concernSeverity: (value, values) => (values.raiseConcern && value === '' ? 'Choose how urgent the concern is.' : null),
      concernDetails: (value, values) => (values.raiseConcern && value.trim() === '' ? 'Describe what you saw or heard.' : null),
      concernStudentId: (value, values) => (values.raiseConcern && lesson.learners.length > 1 && value === '' ? 'Choose the learner the concern is about.' : null),
    },
  })
  const [draftState, setDraftState] = useState<{ savedAt?: string; problem?: string }>({ savedAt: detail.draftSavedAt })
  const [problem, setProblem] = useState<string | null>(null)
  const draft = useMutation({ mutationFn: (body: LessonReportDraft) => api.lessons.saveDraft(lesson.id, body) })
  const saveDraft = useDebouncedCallback(() => {
    const body = toDraft(form.getValues())
    draft.mutate(body, {
      onSuccess: (saved) => {
        forgetUnsaved(lesson.id, body)
        setDraftState({ savedAt: saved.savedAt })
      },
      onError: (error) => setDraftState((state) => ({ ...state, problem: `Your draft could not be kept: ${errorMessage(error)}` })),
    })
  }, DRAFT_DELAY_MS)
  const touched = useRef(false)
  useEffect(() => {
    // Every change after the first render is kept as a draft, and a copy restored from this tab is kept at once.
    if (!touched.current) {
      touched.current = true
      if (unsaved !== null) saveDraft()
      return
    }
    if (event === undefined) return
    keepUnsaved(lesson.id, toDraft(form.values))
    saveDraft()
  }, [form.values, event, saveDraft, lesson.id, unsaved])
  const { getValues } = form
  useEffect(() => {
    // Hidden or left (another app, a reload, the tab closed) with a change not yet kept: send it now, in a request
    // that outlives the page; the copy in this tab covers a reload that is quicker still.
    const keepNow = () => {
      if (!saveDraft.isPending()) return
      saveDraft.cancel()
      const body = toDraft(getValues())
      void api.lessons.saveDraft(lesson.id, body, { keepalive: true }).then(
        () => forgetUnsaved(lesson.id, body),
        () => undefined,
      )
    }
    const whenHidden = () => {
      if (document.visibilityState === 'hidden') keepNow()
    }
    document.addEventListener('visibilitychange', whenHidden)
    window.addEventListener('pagehide', keepNow)
    return () => {
      document.removeEventListener('visibilitychange', whenHidden)
      window.removeEventListener('pagehide', keepNow)
    }
  }, [api, getValues, lesson.id, saveDraft])
  const send = useSaveRecord({
    save: (input: LessonReportInput) => api.lessons.submitReport(lesson.id, lesson.version, input),
    detailKey: (saved) => queryKeys.lessons.detail(saved.lesson.id),
    refetch: LESSON_FAMILIES,
    success: event === 'EDIT_REPORT' ? 'Your changes are saved' : 'Your report is sent to the office',
    onSaved: () => {
      forgetUnsaved(lesson.id)
      setDraftState({})
      onSent?.()
    },
  })
  if (event === undefined) return null
  if (event === 'EDIT_REPORT' && !editing) return <ReportSent detail={detail} justSent={justSent} onChange={() => setEditing(true)} />
  const next = nextLessonStatus(lesson.status, event)
  const submit = form.onSubmit((values) => {
    if (send.isPending) return
    saveDraft.cancel()
    setProblem(null)
    send.mutate(toReport(values, lesson.learners.length), {
      onError: (error) => {
        if (isApiError(error) && error.status === 409) return setProblem(error.message)
        const unplaced = isApiError(error) && error.fields ? placeFieldErrors(form, error.fields) : [errorMessage(error)]
        if (unplaced.length > 0) setProblem(unplaced.join(' '))
      },
    })
  })
  const { values } = form
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="report-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm" align="baseline">
            <Title order={2} size="h3" id="report-title">
              {event === 'SUBMIT_REPORT' ? 'Write the report' : event === 'RESUBMIT' ? 'Change the report and send it again' : 'Change the report'}
            </Title>
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {draft.isPending ? 'Keeping your draft…' : draftState.problem ?? (draftState.savedAt ? `Draft kept at ${formatDateTime(draftState.savedAt).split(', ')[1] ?? ''}` : '')}
            </Text>
          </Group>
          {detail.lesson.returnComment && (
            <Alert color="red" variant="light" title="The office returned your report">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {detail.lesson.returnComment}
              </Text>
            </Alert>
          )}
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} mb="xs">
              Attendance
            </Text>
            {lesson.learners.map((learner) => (
              <Radio.Group key={learner.id} label={learner.name} required {...form.getInputProps(`attendance.${learner.id}`)}>
                <Group gap="lg" mt={4}>
                  {optionsOf('Attendance').map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} />
                  ))}
                </Group>
              </Radio.Group>
            ))}
            {typeof form.errors.attendance === 'string' && (
              <Text size="sm" c="red" role="alert">
                {form.errors.attendance}
              </Text>
            )}
          </Stack>
          <Textarea label="What the lesson covered" required autosize minRows={3} maxLength={MAX.covered.maxLength} {...form.getInputProps('covered')} />
          <Textarea
            label="Progress and next steps"
            description="The part the family or school may read: how the learner is getting on and what comes next."
            required
            autosize
            minRows={3}
            maxLength={MAX.progress.maxLength}
            {...form.getInputProps('progress')}
          />
          <Textarea label="Homework" autosize minRows={2} maxLength={MAX.homework.maxLength} {...form.getInputProps('homework')} />
          <Textarea
            label="Note for the office"
            description="Only the office reads this: never the family or school."
            autosize
            minRows={2}
            maxLength={MAX.staffNote.maxLength}
            {...form.getInputProps('staffNote')}
          />
          <Card withBorder padding="sm" bg="var(--mantine-color-red-light)">
            <Stack gap="sm">
              <Checkbox
                label="I have a safeguarding concern about this lesson"
                description="It goes only to the office's administrators, who are emailed at once. It is never part of what families or schools read."
                {...form.getInputProps('raiseConcern', { type: 'checkbox' })}
              />
              {detail.concerns && detail.concerns.length > 0 && (
                <Text size="sm">
                  You raised {detail.concerns.length === 1 ? 'a concern' : `${detail.concerns.length} concerns`} in this report already; tick the box only to raise a new one.
                </Text>
              )}
              {values.raiseConcern && (
                <>
                  <Select label="How urgent is it?" required data={optionsOf('ConcernSeverity', 'staff')} {...form.getInputProps('concernSeverity')} />
                  {lesson.learners.length > 1 && (
                    <Select
                      label="Which learner is it about?"
                      required
                      data={lesson.learners.map((learner) => ({ value: learner.id, label: learner.name }))}
                      {...form.getInputProps('concernStudentId')}
                    />
                  )}
                  <Textarea
                    label="What you saw or heard"
                    description="In your own words, with what was said if you can."
                    required
                    autosize
                    minRows={3}
                    maxLength={LIMITS.ConcernInput.details.maxLength}
                    {...form.getInputProps('concernDetails')}
                  />
                  <Text size="sm">If a child is in immediate danger, call 999 first.</Text>
                </>
              )}
            </Stack>
          </Card>
          {problem && (
            <Alert color="red" variant="light" role="alert" title="The report was not sent">
              {problem}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {next ? `After this the lesson shows as “${labelOf('LessonStatus', next).toLowerCase()}”.` : ''}
            </Text>
            <Button type="submit" loading={send.isPending}>
              {SUBMIT_WORDS[event] ?? labelOf('LessonEvent', event)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
