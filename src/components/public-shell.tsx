import { useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { siteSettingsQueryOptions } from '@/api/site-settings'
import { PublicLayout } from '@/ui/public-layout'
import { deliveryModes, joinUs, loginItem, publicPages } from '@/site/site-navigation'
import { sitePageLinks } from '@/site/site-pages'
import { useAppContext } from '@/app/use-app-context'
import { RouterLink } from './router-link'
import { socialLinkItems } from './social-links'

const groups = [deliveryModes, joinUs]

/**
 * The public site's header, navigation and footer around a page. The footer's contact details are not worth
 * holding a page back for (or failing it over), so they are read without suspense and appear once loaded.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const { api } = useAppContext()
  const pathname = useLocation({ select: (location) => location.pathname })
  const { data: settings } = useQuery(siteSettingsQueryOptions(api.siteSettings))
  return (
    <PublicLayout
      linkComponent={RouterLink}
      pathname={pathname}
      groups={groups}
      pages={publicPages}
      login={loginItem}
      policies={sitePageLinks}
      contact={settings}
      social={socialLinkItems(settings)}
    >
      {children}
    </PublicLayout>
  )
}
