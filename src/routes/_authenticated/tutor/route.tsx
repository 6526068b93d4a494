import { createFileRoute, redirect } from '@tanstack/react-router'
import { selectIsAdmin } from '@/machines/auth.selectors'
import { BackOfficeArea } from '@/routes/_authenticated/-components/back-office-area'
import { tutorNavigation } from '@/routes/_authenticated/-components/navigation'

/** Tutors' area. Administrators work in /admin, so they are sent there rather than shown a tutor's screens. */
export const Route = createFileRoute('/_authenticated/tutor')({
  beforeLoad: ({ context }) => {
    if (selectIsAdmin(context.auth.getSnapshot())) throw redirect({ to: '/admin', replace: true })
  },
  component: TutorArea,
})

function TutorArea() {
  return <BackOfficeArea area="Tutor" navigation={tutorNavigation} />
}
