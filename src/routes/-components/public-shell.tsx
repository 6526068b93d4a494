import { useLocation } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PublicLayout } from '../../ui/public-layout'
import { deliveryModes, loginItem, publicPages } from '../-lib/site-navigation'
import { RouterLink } from './router-link'

/** The public site's header, navigation and footer around a page. */
export function PublicShell({ children }: { children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname })
  return (
    <PublicLayout linkComponent={RouterLink} pathname={pathname} deliveryModes={deliveryModes} pages={publicPages} login={loginItem}>
      {children}
    </PublicLayout>
  )
}
