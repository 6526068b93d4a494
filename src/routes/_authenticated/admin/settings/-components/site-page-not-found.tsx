import { NotFoundView } from '@/ui/not-found-view'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'

export function SitePageNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that page"
      message="The site has three pages of its own: the privacy notice, the safeguarding policy and the terms of use. Choose one from the list."
      action={{ to: routeTo({ to: '/admin/settings/pages' }), label: 'Go to the pages' }}
    />
  )
}
