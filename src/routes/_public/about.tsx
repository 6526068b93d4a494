import { Card, Container, Grid, Group, List, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { siteSettingsQueryOptions } from '@/api/site-settings'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { Figures } from './-components/figures'
import { PageSection } from './-components/page-section'
import { ButtonLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'

const principles = [
  { title: 'Start from the learner', text: 'Every programme begins with a short assessment and a conversation, so lessons build on what a learner can already do.' },
  { title: 'Small steps, often', text: 'Regular, short sessions with the same tutor do more than occasional long ones. We plan in blocks and review progress at the end of each.' },
  { title: 'Keep everyone informed', text: 'Parents, teachers and learners hear from us after every block, in plain words, with one or two things to practise next.' },
  { title: 'Nobody priced out', text: 'A bursary fund and our community programme mean that cost is never the reason a learner goes without help.' },
]

const team = [
  { title: 'Tutors', text: 'Qualified teachers, subject graduates and trained volunteers. Every tutor is interviewed, holds an enhanced DBS check and completes our safeguarding and teaching course before their first lesson.' },
  { title: 'Programme coordinators', text: 'Coordinators match learners with tutors, visit lessons and schools, and are the first person families and head teachers talk to.' },
  { title: 'Partners', text: 'We work with primary and secondary schools, the local authority, public libraries, community centres and faith groups, who host our clubs and refer learners to us.' },
]

export const Route = createFileRoute('/_public/about')({
  staticData: {
    title: 'About',
    loadFailure: 'the page about TEC',
    description: 'Why TEC exists, how our tutors teach, who we work with, and what the programme has achieved so far.',
  },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(siteSettingsQueryOptions(api.siteSettings)),
  pendingComponent: () => <ContentSkeleton cards={3} />,
  component: AboutPage,
})

function AboutPage() {
  const { api } = useAppContext()
  const { data: settings } = useSuspenseQuery(siteSettingsQueryOptions(api.siteSettings))

  return (
    <Container py="xl">
      <Stack gap={56}>
        <Stack gap="md" maw={760}>
          <Title order={1}>About TEC</Title>
          <Text size="lg">
            TEC brings patient, well-prepared teaching to learners wherever they are: at the kitchen table, in the classroom, on a
            screen or in a community hall.
          </Text>
        </Stack>

        <PageSection title="Our mission">
          <Stack gap="sm" maw={760}>
            <Text>
              Too many children and adults fall behind not for lack of ability, but for lack of time with someone who can explain
              things at their pace. TEC exists to close that gap: to give every learner regular time with a good tutor, whether their
              family can pay for it or not.
            </Text>
            <Text>
              We started as a handful of teachers running a Saturday homework club. Today we teach in homes, schools, online and in
              community venues, and the aim has not changed: steady progress, and the confidence that comes with it.
            </Text>
          </Stack>
        </PageSection>

        <PageSection title="Our approach">
          <Grid>
            {principles.map((principle) => (
              <Grid.Col key={principle.title} span={{ base: 24, sm: 12 }}>
                <Card withBorder h="100%" padding="lg">
                  <Title order={3} size="h4">
                    {principle.title}
                  </Title>
                  <Text size="sm" mt="xs">
                    {principle.text}
                  </Text>
                </Card>
              </Grid.Col>
            ))}
          </Grid>
        </PageSection>

        <PageSection title="Our team and partners">
          <List spacing="md" maw={760} listStyleType="none">
            {team.map((group) => (
              <List.Item key={group.title}>
                <Text fw={700}>{group.title}</Text>
                <Text>{group.text}</Text>
              </List.Item>
            ))}
          </List>
        </PageSection>

        {settings.figures.length > 0 && (
          <PageSection title="TEC in numbers">
            <Figures figures={settings.figures} />
          </PageSection>
        )}

        <Group>
          <ButtonLink to="/tutor-register">
            Become a tutor
          </ButtonLink>
          <ButtonLink to="/contact-us" variant="light">
            Talk to our team
          </ButtonLink>
        </Group>
      </Stack>
    </Container>
  )
}
