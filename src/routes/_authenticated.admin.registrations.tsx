import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_authenticated/admin/registrations')({
  staticData: { title: 'Registrations' },
  component: AdminRegistrationsPage,
})

function AdminRegistrationsPage() {
  return <SimplePage title="Registrations" lead="Tutor registrations and enrolment requests from the public site will wait here for a decision." />
}
