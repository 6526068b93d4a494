import { NotFoundView } from '@/ui/not-found-view'
import { PublicShell } from './public-shell'
import { RouterLink } from './router-link'

/** Any unknown path outside the staff areas: the not-found page inside the public site's frame. */
export function SiteNotFound() {
  return (
    <PublicShell>
      <NotFoundView linkComponent={RouterLink} />
    </PublicShell>
  )
}
