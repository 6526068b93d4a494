import { Container, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { subjectsQueryOptions } from '@/api/subjects'
import { DRAFT_LIFETIME_DAYS } from '@/machines/tutor-application.storage'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { TutorApplicationWizard } from './-components/tutor-application/tutor-application-wizard'
import { useAppContext } from '@/app/use-app-context'

export const Route = createFileRoute('/_public/tutor-register')({
  staticData: {
    title: 'Become a tutor',
    loadFailure: 'the tutor application form',
    description: 'Apply to tutor with TEC at home, in schools, online or in your community: five short steps, and we reply within five working days.',
  },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(subjectsQueryOptions(api.subjects)),
  pendingComponent: () => <ContentSkeleton cards={1} />,
  component: TutorRegisterPage,
})

function TutorRegisterPage() {
  const { api } = useAppContext()
  const { data } = useSuspenseQuery(subjectsQueryOptions(api.subjects))

  return (
    <Container py="xl">
      <Stack gap="xl" maw={860}>
        <Stack gap="md">
          <Title order={1}>Become a tutor</Title>
          <Text size="lg">
            Share what you know. TEC tutors teach at home, in schools, online and in communities, with training and support from our
            team. The application takes about fifteen minutes. This device keeps your answers for {DRAFT_LIFETIME_DAYS} days after your last
            change, so you can finish another time.
          </Text>
        </Stack>
        <TutorApplicationWizard subjects={data.items} />
      </Stack>
    </Container>
  )
}
