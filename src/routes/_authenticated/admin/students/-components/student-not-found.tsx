import { NotFoundView } from '@/ui/not-found-view'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'

export function StudentNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that learner"
      message="The address may be mistyped or incomplete. Search the learners by name or by their contact instead."
      action={{ to: routeTo({ to: '/admin/students' }), label: 'Go to learners' }}
    />
  )
}
