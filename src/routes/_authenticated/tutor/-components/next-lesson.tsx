import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { IconPhone } from '@tabler/icons-react'
import { labelOf } from '@shared/labels'
import { londonDay, longLessonDay, shiftDay } from '@shared/lesson-time'
import type { TutorOverview } from '@/api/lessons'
import { telephoneHref } from '@/ui/telephone-href'
import { AnchorLink } from '@/components/links'
import { learnerNames, lessonWhen } from '@/routes/_authenticated/-components/lesson-words'
import { LessonStatusBadges } from './lesson-list'

type ComingLesson = TutorOverview['coming'][number]

/** "Today", "Tomorrow" or "Tuesday 8 December 2026", on London's calendar. */
export function dayInWords(date: string, now = new Date()): string {
  const today = londonDay(now)
  if (date === today) return 'Today'
  if (date === shiftDay(today, 1)) return 'Tomorrow'
  return longLessonDay(date)
}

/**
 * The tutor's next lesson, first on their home page: when (today, tomorrow or the day), who, where or how, a tap to
 * call each learner's contact, and the lesson's page.
 */
export function NextLesson({ coming }: { coming: ComingLesson }) {
  const { lesson, contacts } = coming
  const time = lessonWhen(lesson).split(', ')[1] ?? lesson.startTime
  return (
    <Card withBorder padding="md" component="article" aria-labelledby="next-lesson-when">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h3" id="next-lesson-when">
              {dayInWords(lesson.date)}, {time}
            </Title>
            <AnchorLink to="/tutor/reports/$lessonId" params={{ lessonId: lesson.id }} fw={600} size="lg">
              {lesson.subject} with {learnerNames(lesson)}
            </AnchorLink>
          </Stack>
          <LessonStatusBadges lesson={lesson} />
        </Group>
        <Text size="sm">
          {labelOf('DeliveryMode', lesson.mode)}
          {lesson.school ? ` · ${lesson.school.name}` : ''}
          {lesson.place ? ` · ${lesson.place}` : ''}
        </Text>
        {contacts.length > 0 && (
          <Group gap="xs">
            {contacts.map((contact) => (
              <Button key={contact.studentId} component="a" href={telephoneHref(contact.phone)} variant="light" leftSection={<IconPhone size={16} aria-hidden />}>
                Call {contact.name}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  )
}
