import { createFileRoute, redirect } from '@tanstack/react-router'
import { selectIsAdmin } from '../../../machines/auth.selectors'
import { BackOfficeArea } from '../-components/back-office-area'
import { adminNavigation } from '../-components/navigation'

/** Administrators only: the client sends anyone else to /tutor (and the server answers 403 to them). */
export const Route = createFileRoute('/_authenticated/admin')({
  beforeLoad: ({ context }) => {
    if (!selectIsAdmin(context.auth.getSnapshot())) throw redirect({ to: '/tutor', replace: true })
  },
  component: AdminArea,
})

function AdminArea() {
  return <BackOfficeArea area="Admin" navigation={adminNavigation} />
}
