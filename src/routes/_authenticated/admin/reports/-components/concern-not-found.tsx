import { NotFoundView } from '@/ui/not-found-view'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'

export function ConcernNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that concern"
      message="The address may be mistyped or incomplete. Every concern is in the safeguarding concerns list, open ones first."
      action={{ to: routeTo({ to: '/admin/reports/concerns' }), label: 'Go to safeguarding concerns' }}
    />
  )
}
