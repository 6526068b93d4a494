import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from '../../-components/simple-page'

export const Route = createFileRoute('/_authenticated/admin/courses')({
  staticData: { title: 'Courses' },
  component: AdminCoursesPage,
})

function AdminCoursesPage() {
  return <SimplePage title="Courses" lead="Online courses, their schedules and tutors will be managed here." />
}
