import { Badge, Group } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { labelOf } from '@shared/labels'
import type { Lesson } from '@/api/lessons'
import { LESSON_STATUS_COLORS } from '@/routes/_authenticated/-components/lesson-words'

/** A lesson's status in the office's words, "Overdue" beside a report more than 48 hours late, and a raised concern. */
export function ReportBadges({ lesson, size = 'md' }: { lesson: Lesson; size?: 'md' | 'lg' }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge size={size} variant="light" color={LESSON_STATUS_COLORS[lesson.status]} c="inherit" tt="none">
        {labelOf('LessonStatus', lesson.status, 'staff')}
      </Badge>
      {lesson.overdue && (
        <Badge size={size} variant="filled" color="red" tt="none">
          Overdue
        </Badge>
      )}
      {lesson.concernRaised && <ConcernBadge size={size} />}
    </Group>
  )
}

/** Marks a lesson whose report raised a safeguarding concern: in words, with an icon, never by colour alone. */
export function ConcernBadge({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <Badge size={size} variant="light" color="red" c="inherit" tt="none" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
      Concern
    </Badge>
  )
}

/** Whether the report was first sent within 48 hours of the lesson, in words. */
export function SentBadge({ onTime }: { onTime: boolean }) {
  return (
    <Badge variant="light" color={onTime ? 'green' : 'orange'} c="inherit" tt="none">
      {onTime ? 'On time' : 'Late'}
    </Badge>
  )
}
