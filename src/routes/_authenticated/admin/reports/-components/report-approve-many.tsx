import { Alert, Button, Checkbox, Group, List } from '@mantine/core'
import { IconChecks } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { REPORT_FAMILIES } from '@/api/lesson-reports'
import type { Lesson } from '@/api/lessons'
import { notify, toast } from '@/ui/toasts'
import { AnchorLink } from '@/components/links'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { isToReview, lessonName } from './report-words'

/** A report the office could not approve with the others, and why. */
interface LeftReport {
  lessonId: string
  message: string
  lesson: Lesson | undefined
}

/** The reports ticked on the page shown: only reports waiting for review can be ticked, and only those on the page count. */
export function useReportSelection(rows: Lesson[] | undefined) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  const selectable = (rows ?? []).filter(isToReview)
  const chosen = selectable.filter((lesson) => ticked.has(lesson.id))
  return {
    selectable,
    chosen,
    isChosen: (lesson: Lesson) => ticked.has(lesson.id),
    toggle: (lesson: Lesson, on: boolean) => {
      const next = new Set(ticked)
      if (on) next.add(lesson.id)
      else next.delete(lesson.id)
      setTicked(next)
    },
    setAll: (on: boolean) => setTicked(new Set(on ? selectable.map((lesson) => lesson.id) : [])),
    clear: () => setTicked(new Set()),
  }
}

export type ReportSelection = ReturnType<typeof useReportSelection>

const reports = (count: number) => `${count} ${count === 1 ? 'report' : 'reports'}`

/**
 * Approves the ticked reports at once, each at the version the list showed; a report someone changed meanwhile is left
 * as it was and listed with the reason, until the next approval or until closed.
 */
export function ApproveSelected({ selection }: { selection: ReportSelection }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const [left, setLeft] = useState<LeftReport[]>([])
  const { chosen, selectable } = selection
  const approve = useMutation({
    mutationFn: (lessons: Lesson[]) => api.lessonReports.approveMany(lessons.map((lesson) => ({ lessonId: lesson.id, version: lesson.version }))),
    onSuccess: async (result, lessons) => {
      const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]))
      const notApproved = result.left.map((item) => ({ ...item, lesson: byId.get(item.lessonId) }))
      setLeft(notApproved)
      selection.clear()
      notify({
        title: result.approved.length === 0 ? 'No reports were approved' : `${reports(result.approved.length)} approved`,
        message:
          notApproved.length === 0
            ? 'Families and schools can now read their progress and next steps.'
            : `${reports(notApproved.length)} left as they were: ${notApproved.map((item) => `${item.lesson ? lessonName(item.lesson) : 'a lesson'}: ${item.message}`).join(' ')}`,
        color: notApproved.length === 0 ? 'green' : 'yellow',
      })
      await Promise.all(REPORT_FAMILIES.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
    },
    onError: (error) => toast.error(errorMessage(error)),
  })

  return (
    <>
      {left.length > 0 && (
        <Alert color="yellow" variant="light" title={`${reports(left.length)} not approved`} withCloseButton closeButtonLabel="Close this message" onClose={() => setLeft([])}>
          <List size="sm" spacing={4}>
            {left.map((item) => (
              <List.Item key={item.lessonId}>
                <AnchorLink to="/admin/reports/$lessonId" params={{ lessonId: item.lessonId }}>
                  {item.lesson ? lessonName(item.lesson) : 'Open the lesson'}
                </AnchorLink>
                : {item.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {selectable.length > 0 && (
        <Group gap="md" wrap="wrap" role="group" aria-label="Approve several reports">
          <Checkbox
            label="Select every report to review on this page"
            checked={chosen.length === selectable.length}
            indeterminate={chosen.length > 0 && chosen.length < selectable.length}
            onChange={(event) => selection.setAll(event.currentTarget.checked)}
          />
          <Button
            leftSection={<IconChecks size={16} aria-hidden />}
            disabled={chosen.length === 0}
            loading={approve.isPending}
            onClick={() => {
              if (!approve.isPending && chosen.length > 0) approve.mutate(chosen)
            }}
          >
            Approve selected ({chosen.length})
          </Button>
        </Group>
      )}
    </>
  )
}
