import { NotFoundView } from '@/ui/not-found-view'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'

export function SchoolNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that school"
      message="It may have been removed, or the address may be mistyped. Search the schools by name, town or contact instead."
      action={{ to: routeTo({ to: '/admin/schools' }), label: 'Go to schools' }}
    />
  )
}
