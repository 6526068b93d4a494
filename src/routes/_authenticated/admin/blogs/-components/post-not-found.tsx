import { NotFoundView } from '@/ui/not-found-view'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'

export function PostNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that post"
      message="It may have been deleted, or the address may be mistyped. Search the posts by title, excerpt or author instead."
      action={{ to: routeTo({ to: '/admin/blogs' }), label: 'Go to the blog posts' }}
    />
  )
}
