import { Button, Card, Container, Grid, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { deliveryModes } from './-lib/site-navigation'

const summaries: Record<string, string> = {
  '/tec-in-every-home': 'One-to-one lessons at home with a tutor matched to the learner.',
  '/tec-in-every-school': 'Small-group support and exam preparation inside schools.',
  '/tec-online': 'Live online lessons and short courses, wherever you are.',
  '/tec-in-every-community': 'Homework clubs, reading circles and adult learning with local partners.',
}

export const Route = createFileRoute('/_public/')({
  component: HomePage,
})

function HomePage() {
  return (
    <Container py="xl">
      <Stack gap="xl">
        <Stack gap="md" maw={720}>
          <Title order={1}>Education and tutoring at home, in school, online and in the community</Title>
          <Text size="lg">
            TEC helps learners of every age make steady progress with patient, well-prepared tutors, wherever learning
            happens.
          </Text>
          <Group>
            <Button component={RouterLink} to="/subject-enroll" size="md">
              Enrol in a subject
            </Button>
            <Button component={RouterLink} to="/tutor-register" size="md" variant="light">
              Become a tutor
            </Button>
          </Group>
        </Stack>
        <Grid>
          {deliveryModes.map((mode) => (
            <Grid.Col key={mode.to} span={{ base: 24, sm: 12, lg: 6 }}>
              <Card withBorder h="100%" padding="lg">
                <Stack gap="sm" h="100%" justify="space-between">
                  <div>
                    <Title order={2} size="h4">
                      {mode.label}
                    </Title>
                    <Text size="sm" mt="xs">
                      {summaries[mode.to]}
                    </Text>
                  </div>
                  <Button component={RouterLink} to={mode.to} variant="light">
                    Learn more<VisuallyHidden> about {mode.label}</VisuallyHidden>
                  </Button>
                </Stack>
              </Card>
            </Grid.Col>
          ))}
        </Grid>
      </Stack>
    </Container>
  )
}
