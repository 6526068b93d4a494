import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { subjectsQueryOptions } from '@/api/subjects'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { EnrolmentPage } from './-components/enrolment/enrolment-page'
import { SubjectEnrolmentForm } from './-components/enrolment/subject-enrolment-form'
import { useAppContext } from '@/app/use-app-context'

export const Route = createFileRoute('/_public/subject-enroll')({
  staticData: {
    title: 'Enrol in a subject',
    loadFailure: 'the subject enrolment form',
    description: 'Enrol a learner for one-to-one tutoring in one or more subjects, at home, at school, online or in the community.',
  },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(subjectsQueryOptions(api.subjects)),
  pendingComponent: () => <ContentSkeleton cards={2} />,
  component: SubjectEnrollPage,
})

function SubjectEnrollPage() {
  const { api } = useAppContext()
  const { data } = useSuspenseQuery(subjectsQueryOptions(api.subjects))
  return (
    <EnrolmentPage
      title="Enrol in a subject"
      lead="Tell us about the learner and what they would like to learn, and we will match them with a TEC tutor."
    >
      <SubjectEnrolmentForm subjects={data.items} />
    </EnrolmentPage>
  )
}
