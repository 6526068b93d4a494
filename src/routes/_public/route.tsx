import { createFileRoute, Outlet } from '@tanstack/react-router'
import { siteSettingsQueryOptions } from '@/api/site-settings'
import { PublicShell } from '@/components/public-shell'

export const Route = createFileRoute('/_public')({
  // Started with the page's own loaders, not awaited: the footer shows the details when they arrive.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(siteSettingsQueryOptions(context.api.siteSettings))
  },
  component: PublicSite,
})

function PublicSite() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  )
}
