import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { labelOf } from '@shared/labels'
import { myLearnersQueryOptions, type MyLearnerSummary } from '@/api/my-learners'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'

export const Route = createFileRoute('/_authenticated/tutor/students/')({
  staticData: { title: 'Learners' },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(myLearnersQueryOptions(api.myLearners)),
  pendingComponent: ArticleSkeleton,
  component: TutorStudentsPage,
})

/** One card per learner, with each subject placed with this tutor. */
function byLearner(items: MyLearnerSummary[]): MyLearnerSummary[][] {
  const groups = new Map<string, MyLearnerSummary[]>()
  for (const item of items) groups.set(item.studentId, [...(groups.get(item.studentId) ?? []), item])
  return [...groups.values()]
}

function TutorStudentsPage() {
  const { api } = useAppContext()
  const { data } = useSuspenseQuery(myLearnersQueryOptions(api.myLearners))
  const learners = byLearner(data.items)
  return (
    <Container py="xl" px={0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Learners</Title>
          <Text>The learners placed with you now. Open one to see what you need to teach them, plan lessons and read past reports.</Text>
        </Stack>
        {learners.length === 0 ? (
          <Text>No learners are placed with you yet. The office will email you when they place someone with you.</Text>
        ) : (
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your learners">
            {learners.map((placements) => {
              const [first] = placements
              if (!first) return null
              return (
                <Card component="li" key={first.studentId} withBorder padding="md">
                  <Stack gap={4}>
                    <AnchorLink to="/tutor/students/$studentId" params={{ studentId: first.studentId }} fw={600} size="lg">
                      {first.name}
                    </AnchorLink>
                    {first.yearGroup && <Text size="sm">{labelOf('SchoolYear', first.yearGroup)}</Text>}
                    {placements.map((placement) => (
                      <Text size="sm" c="dimmed" key={placement.placementId}>
                        {placement.subject} · {labelOf('DeliveryMode', placement.mode)} · {labelOf('LessonFrequency', placement.frequency)}
                      </Text>
                    ))}
                  </Stack>
                </Card>
              )
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  )
}
