import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from '../../../-components/simple-page'

export const Route = createFileRoute('/_authenticated/admin/tutors/')({
  staticData: { title: 'Tutors' },
  component: AdminTutorsPage,
})

function AdminTutorsPage() {
  return <SimplePage title="Tutors" lead="Tutors and their assigned learners will be listed here. New tutor registrations are reviewed under Registrations first." />
}
