import { NotFoundView } from '../../ui/not-found-view'
import { routeTo } from '../-lib/route-to'
import { RouterLink } from './router-link'

/** An unknown or withdrawn course: say so, and lead to where the current courses are listed. */
export function CourseNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that course"
      message="It may have finished or been withdrawn, or the address may be mistyped. Our current courses are listed on the home page and on each way-to-learn page."
      action={{ to: routeTo({ to: '/' }), label: 'See our courses' }}
    />
  )
}
