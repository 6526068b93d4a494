import { Box, Card, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { IconCheck } from '@tabler/icons-react'
import { coursesQueryOptions } from '@/api/courses'
import type { ModeCopy } from '@/site/delivery-modes'
import { useAppContext } from '@/app/use-app-context'
import { CourseList } from './course-list'
import classes from './delivery-mode-page.module.css'
import { PageSection } from './page-section'
import { ButtonLink } from '@/components/links'

/** The page of one delivery mode: who it is for, how it works, what it costs, its courses and where to enrol. */
export function DeliveryModePage({ copy }: { copy: ModeCopy }) {
  const { api } = useAppContext()
  const { data: courses } = useSuspenseQuery(coursesQueryOptions(api.courses, { mode: copy.mode }))
  const enrol = (
    <ButtonLink to={copy.enrol.to} size="md">
      {copy.enrol.label}
    </ButtonLink>
  )

  return (
    <Container py="xl">
      <Stack gap={56}>
        <Stack gap="md" maw={760}>
          <Title order={1}>{copy.label}</Title>
          <Text size="lg">{copy.lead}</Text>
          <Group>
            {enrol}
            <ButtonLink to="/contact-us" size="md" variant="light">
              Ask a question
            </ButtonLink>
          </Group>
        </Stack>

        <PageSection title="Who it is for">
          <List spacing="sm" maw={760} icon={<ThemeIcon size={22} radius="xl" variant="light" aria-hidden><IconCheck size={14} /></ThemeIcon>}>
            {copy.audience.map((who) => (
              <List.Item key={who}>{who}</List.Item>
            ))}
          </List>
        </PageSection>

        <PageSection title="How it works">
          <SimpleGrid component="ol" cols={{ base: 1, sm: 2, lg: 4 }} p={0} m={0} className={classes.steps}>
            {copy.steps.map((step, index) => (
              <Card key={step.title} component="li" withBorder padding="lg">
                <Text fw={800} fz="xl" c="tec" aria-hidden>
                  {index + 1}
                </Text>
                <Title order={3} size="h4" mt={4}>
                  {step.title}
                </Title>
                <Text size="sm" mt="xs">
                  {step.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </PageSection>

        <PageSection title={copy.cost.title}>
          <Stack gap="sm" maw={760}>
            {copy.cost.paragraphs.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        </PageSection>

        <PageSection title={`Courses in ${copy.label}`}>
          <CourseList courses={courses.items} emptyTitle={`No courses in ${copy.label} right now`} />
        </PageSection>

        <Paper withBorder p="xl" radius="md">
          <Box maw={640}>
            <Title order={2}>Ready to start?</Title>
            <Text mt="xs" mb="md">
              Tell us a little about the learner and what you hope for. Our team replies within two working days.
            </Text>
            {enrol}
          </Box>
        </Paper>
      </Stack>
    </Container>
  )
}
