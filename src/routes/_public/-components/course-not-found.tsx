import { NotFoundView } from '@/ui/not-found-view'
import { routeTo } from '@/app/route-to'
import { RouterLink } from '@/components/router-link'

/** An unknown or withdrawn course: say so, and lead to the list of every current course. */
export function CourseNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that course"
      message="It may have finished or been withdrawn, or the address may be mistyped. Every course we run now is on the courses page."
      action={{ to: routeTo({ to: '/courses' }), label: 'See all courses' }}
    />
  )
}
