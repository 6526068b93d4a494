import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_authenticated/admin/students')({
  staticData: { title: 'Students' },
  component: AdminStudentsPage,
})

function AdminStudentsPage() {
  return <SimplePage title="Students" lead="Every enrolled learner will be listed here, with their subjects, tutor and progress. Enrolments from the public forms appear here once accepted." />
}
