import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_authenticated/admin/schools')({
  staticData: { title: 'Schools' },
  component: AdminSchoolsPage,
})

function AdminSchoolsPage() {
  return <SimplePage title="Schools" lead="Partner schools and their programmes will be listed here. School enrolments from the public site start the conversation." />
}
