import { NotFoundView } from '@/ui/not-found-view'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'

export function ReportNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that lesson"
      message="The address may be mistyped or incomplete. Find the lesson in the reports list by its tutor, learner, school or date instead."
      action={{ to: routeTo({ to: '/admin/reports' }), label: 'Go to reports' }}
    />
  )
}
