import { coursesQueryOptions } from '@/api/courses'
import type { ModeCopy } from './delivery-modes'
import type { RouterContext } from '@/app/router-context'

/** What the four mode routes share: their title and description, and loading the courses offered in the mode. */
export function deliveryModeRoute(copy: ModeCopy) {
  return {
    staticData: { title: copy.label, description: copy.description, loadFailure: `the ${copy.label} page` },
    loader: ({ context: { queryClient, api } }: { context: RouterContext }) =>
      queryClient.ensureQueryData(coursesQueryOptions(api.courses, { mode: copy.mode })),
  }
}
