import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectUser } from '../../../machines/auth.selectors'
import { SimplePage } from '../../-components/simple-page'
import { useAppContext } from '../../-lib/use-app-context'

export const Route = createFileRoute('/_authenticated/admin/')({
  staticData: { title: 'Admin' },
  component: AdminDashboardPage,
})

function AdminDashboardPage() {
  const { auth } = useAppContext()
  const user = useSelector(auth, selectUser)
  return <SimplePage title={`Welcome, ${user?.name ?? ''}`} lead="Use the navigation to manage students, tutors, schools, registrations, blog posts and courses. Your account settings are under Settings." />
}
