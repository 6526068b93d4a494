import { Link } from '@tanstack/react-router'
import type { AppLinkProps } from '../../ui/link-component'

/** The link the shared layouts render: client-side navigation with preloading on intent. */
export function RouterLink({ to, ...props }: AppLinkProps) {
  return <Link to={to} {...props} />
}
