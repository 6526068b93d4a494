import { NotFoundView } from '@/ui/not-found-view'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'

export function MediaNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that image"
      message="It may have been deleted, or the address may be mistyped. Search the media library by file name, alt text or caption instead."
      action={{ to: routeTo({ to: '/admin/settings/media' }), label: 'Go to the media library' }}
    />
  )
}
