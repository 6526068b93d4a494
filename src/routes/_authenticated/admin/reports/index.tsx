import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from '../../../-components/simple-page'

export const Route = createFileRoute('/_authenticated/admin/reports/')({
  staticData: { title: 'Reports' },
  component: AdminReportsPage,
})

function AdminReportsPage() {
  return <SimplePage title="Reports" lead="Progress reports written by tutors will be collected here for review and sharing with families and schools." />
}
