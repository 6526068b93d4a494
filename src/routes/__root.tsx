import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { SiteNotFound } from './-components/site-not-found'
import type { RouterContext } from './-lib/router-context'
import { useDocumentTitle } from './-lib/use-document-title'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: SiteNotFound,
})

function Root() {
  useDocumentTitle()
  return <Outlet />
}
