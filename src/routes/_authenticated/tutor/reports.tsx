import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from '../../-components/simple-page'

export const Route = createFileRoute('/_authenticated/tutor/reports')({
  staticData: { title: 'Reports' },
  component: TutorReportsPage,
})

function TutorReportsPage() {
  return <SimplePage title="Reports" lead="The progress reports you write for your learners will be kept here. Start a report from a learner's page once it is available." />
}
