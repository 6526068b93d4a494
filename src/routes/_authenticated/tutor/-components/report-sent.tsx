import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCircleCheck, IconPencil } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { longLessonDay } from '@shared/lesson-time'
import { tutorOverviewQueryOptions, type MyLessonDetail } from '@/api/lessons'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { learnerNames } from '@/routes/_authenticated/-components/lesson-words'

/**
 * A sent report waiting for the office: said plainly, with the report itself below (the page's "The report as
 * sent"), the way to change it until the office acts, and the next report to write. Just after sending, the focus
 * moves here, so a screen reader hears that it went.
 */
export function ReportSent({ detail, justSent, onChange }: { detail: MyLessonDetail; justSent: boolean; onChange: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (justSent) heading.current?.focus()
  }, [justSent])
  const sentAt = detail.report?.submittedAt
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="report-sent-title" bg="var(--mantine-color-green-light)">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="green" variant="filled" radius="xl" size="md" aria-hidden>
            <IconCircleCheck size={18} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} size="h3" id="report-sent-title" ref={heading} tabIndex={-1}>
              Your report is with the office
            </Title>
            <Text size="sm">
              {sentAt ? `Sent ${formatDateTime(sentAt)}. ` : ''}
              You can change it until the office approves it; the family and school read it once it is approved.
            </Text>
          </Stack>
        </Group>
        <NextReport lessonId={detail.lesson.id} />
        <Group>
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onChange}>
            Change the report
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

/** The next report the tutor has to write (one the office returned first), or that there is none. */
function NextReport({ lessonId }: { lessonId: string }) {
  const { api } = useAppContext()
  const { data } = useQuery(tutorOverviewQueryOptions(api.lessons))
  if (!data) return null
  const toWrite = [...data.returned, ...data.awaitingReport].filter((lesson) => lesson.id !== lessonId)
  const [next] = toWrite
  if (!next) {
    return (
      <Text size="sm">
        Every lesson that has happened has its report. <AnchorLink to="/tutor">Back to your dashboard</AnchorLink>
      </Text>
    )
  }
  return (
    <Text size="sm">
      <AnchorLink to="/tutor/reports/$lessonId" params={{ lessonId: next.id }} fw={600}>
        Next: {next.subject} with {learnerNames(next)}, {longLessonDay(next.date)}
      </AnchorLink>
      {toWrite.length > 1 ? ` (${toWrite.length} reports to write)` : ''}
    </Text>
  )
}
