import { Link } from '@tanstack/react-router'
import type { AppLinkProps } from '@/ui/link-component'

/**
 * The link the shared layouts render: client-side navigation with preloading on intent. The router marks a
 * link `aria-current="page"` only on its exact page; the layouts mark a section (Registrations on a
 * registration's page) themselves, so the Dashboard link is not "current" everywhere under /admin.
 */
export function RouterLink({ to, ...props }: AppLinkProps) {
  return <Link to={to} activeOptions={{ exact: true, includeSearch: false }} {...props} />
}
