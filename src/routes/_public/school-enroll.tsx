import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { subjectsQueryOptions } from '@/api/subjects'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { EnrolmentPage } from './-components/enrolment/enrolment-page'
import { SchoolEnrolmentForm } from './-components/enrolment/school-enrolment-form'
import { useAppContext } from '@/app/use-app-context'

export const Route = createFileRoute('/_public/school-enroll')({
  staticData: {
    title: 'Enrol your school',
    loadFailure: 'the school enrolment form',
    description: 'Bring TEC tutoring into your school for catch-up, exam preparation or enrichment, in the school day, after school or online.',
  },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(subjectsQueryOptions(api.subjects)),
  pendingComponent: () => <ContentSkeleton cards={2} />,
  component: SchoolEnrollPage,
})

function SchoolEnrollPage() {
  const { api } = useAppContext()
  const { data } = useSuspenseQuery(subjectsQueryOptions(api.subjects))
  return (
    <EnrolmentPage
      title="Enrol your school"
      lead="Tell us about your school and your pupils, and our schools team will plan a tutoring programme with you for catch-up, exam preparation or enrichment."
    >
      <SchoolEnrolmentForm subjects={data.items} />
    </EnrolmentPage>
  )
}
