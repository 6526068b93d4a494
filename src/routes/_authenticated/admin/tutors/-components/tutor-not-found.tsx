import { NotFoundView } from '@/ui/not-found-view'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'

export function TutorNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that tutor"
      message="The address may be mistyped or incomplete. Search the tutors by name, email or subject instead."
      action={{ to: routeTo({ to: '/admin/tutors' }), label: 'Go to tutors' }}
    />
  )
}
