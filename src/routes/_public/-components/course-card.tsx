import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import type { CourseSummary } from '@/api/courses'
import { CARD_SIZES, ResponsiveImage } from '@/ui/responsive-image'
import { modeCopy } from '@/site/delivery-modes'
import { AnchorLink } from '@/components/links'

/** A course in a list (under a section's h2): image, title (the link to its page), who it suits, how long it runs and where. */
export function CourseCard({ course, eager = false }: { course: CourseSummary; eager?: boolean }) {
  return (
    <Card component="article" withBorder padding="lg" h="100%">
      <Card.Section>
        <ResponsiveImage image={course.image} eager={eager} rounded={false} cropped sizes={CARD_SIZES} />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Title order={3} size="h4">
          <AnchorLink to="/courses/$courseId" params={{ courseId: course.id }} c="inherit">
            {course.title}
          </AnchorLink>
        </Title>
        <Text size="sm">{course.summary}</Text>
        <Text size="sm" c="dimmed">
          {course.level} · {course.duration}
        </Text>
        <Group gap={6} aria-label="Offered">
          {course.modes.map((mode) => (
            <Badge key={mode} variant="light">
              {modeCopy[mode].label}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  )
}
