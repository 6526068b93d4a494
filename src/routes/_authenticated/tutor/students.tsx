import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from '../../-components/simple-page'

export const Route = createFileRoute('/_authenticated/tutor/students')({
  staticData: { title: 'Students' },
  component: TutorStudentsPage,
})

function TutorStudentsPage() {
  return <SimplePage title="Students" lead="The learners assigned to you will be listed here, with their subjects and next lessons. Ask an administrator if someone is missing." />
}
