import { Group } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { Lesson } from '@/api/lessons'
import { StatusBadge } from '@/ui/back-office/status-badge'

/** A lesson's status in the office's words, "Overdue" beside a report more than 48 hours late, and a raised concern. */
export function ReportBadges({ lesson, size = 'md' }: { lesson: Lesson; size?: 'md' | 'lg' }) {
  return (
    <Group gap={6} wrap="wrap">
      <StatusBadge of="LessonStatus" value={lesson.status} audience="staff" size={size} />
      {lesson.overdue && (
        <StatusBadge color="red" variant="filled" size={size}>
          Overdue
        </StatusBadge>
      )}
      {lesson.concernRaised && <ConcernBadge size={size} />}
    </Group>
  )
}

/** Marks a lesson whose report raised a safeguarding concern: in words, with an icon, never by colour alone. */
export function ConcernBadge({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <StatusBadge color="red" variant="light" size={size} leftSection={<IconAlertTriangle size={12} aria-hidden />}>
      Concern
    </StatusBadge>
  )
}

/** Whether the report was first sent within 48 hours of the lesson, in words. */
export function SentBadge({ onTime }: { onTime: boolean }) {
  return (
    <StatusBadge color={onTime ? 'green' : 'orange'} variant="light">
      {onTime ? 'On time' : 'Late'}
    </StatusBadge>
  )
}
