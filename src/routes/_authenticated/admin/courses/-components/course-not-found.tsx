import { NotFoundView } from '@/ui/not-found-view'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'

export function CourseNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that course"
      message="It may have been deleted, or the address may be mistyped. Search the courses by title, subject or level instead."
      action={{ to: routeTo({ to: '/admin/courses' }), label: 'Go to courses' }}
    />
  )
}
