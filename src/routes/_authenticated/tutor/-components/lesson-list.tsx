import { Card, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { labelOf } from '@shared/labels'
import type { Lesson } from '@/api/lessons'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { AnchorLink } from '@/components/links'
import { learnerNames, lessonWhen } from '@/routes/_authenticated/-components/lesson-words'

/** A lesson's status in words, with "Overdue" beside a report more than 48 hours late. */
export function LessonStatusBadges({ lesson }: { lesson: Lesson }) {
  return (
    <Group gap={6} wrap="wrap">
      <StatusBadge of="LessonStatus" value={lesson.status} />
      {lesson.overdue && (
        <StatusBadge color="red" variant="filled">
          Overdue
        </StatusBadge>
      )}
    </Group>
  )
}

/**
 * Lessons as a list of links to each lesson's page: when, who, what, and where it is in its life. `empty` says what
 * to do when there are none.
 */
export function LessonList({ lessons, label, empty, extra }: { lessons: Lesson[]; label: string; empty: ReactNode; extra?: (lesson: Lesson) => ReactNode }) {
  if (lessons.length === 0) return <Text size="sm">{empty}</Text>
  return (
    <Stack component="ul" aria-label={label} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {lessons.map((lesson) => (
        <Card component="li" key={lesson.id} withBorder padding="sm">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Stack gap={2}>
              <AnchorLink to="/tutor/reports/$lessonId" params={{ lessonId: lesson.id }} fw={600}>
                {lessonWhen(lesson)}: {learnerNames(lesson)}
              </AnchorLink>
              <Text size="sm" c="dimmed">
                {lesson.subject} · {labelOf('DeliveryMode', lesson.mode)}
                {lesson.place ? ` · ${lesson.place}` : ''}
              </Text>
              {extra?.(lesson)}
            </Stack>
            <LessonStatusBadges lesson={lesson} />
          </Group>
        </Card>
      ))}
    </Stack>
  )
}
