import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { SiteNotFound } from './-components/site-not-found'
import type { RouterContext } from './-lib/router-context'
import { usePageHead } from './-lib/use-page-head'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: SiteNotFound,
})

function Root() {
  usePageHead()
  return <Outlet />
}
