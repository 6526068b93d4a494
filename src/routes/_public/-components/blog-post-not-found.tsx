import { NotFoundView } from '@/ui/not-found-view'
import { routeTo } from '@/app/route-to'
import { RouterLink } from '@/components/router-link'

/** An unknown or unpublished post: say which kind of page was missing, and lead back to the blog. */
export function BlogPostNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that blog post"
      message="It may have been taken down, or the address may be mistyped. The latest posts are all on the blog."
      action={{ to: routeTo({ to: '/blog' }), label: 'Back to the blog' }}
    />
  )
}
