import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectUser } from '../../../machines/auth.selectors'
import { SimplePage } from '../../-components/simple-page'
import { useAppContext } from '../../-lib/use-app-context'

export const Route = createFileRoute('/_authenticated/tutor/')({
  staticData: { title: 'Tutor' },
  component: TutorDashboardPage,
})

function TutorDashboardPage() {
  const { auth } = useAppContext()
  const user = useSelector(auth, selectUser)
  return <SimplePage title={`Welcome, ${user?.name ?? ''}`} lead="Use the navigation to see your students and write their reports. Your account settings are under Settings." />
}
