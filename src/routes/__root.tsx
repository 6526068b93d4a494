import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { APP_READY_ATTRIBUTE } from '@shared/ssr'
import { SiteNotFound } from '@/components/site-not-found'
import type { RouterContext } from '@/app/router-context'
import { usePageHead } from '@/app/use-page-head'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: SiteNotFound,
})

function Root() {
  usePageHead()
  useEffect(() => {
    // The page answers clicks and typing from here on (a server-rendered page only once it is hydrated).
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '')
  }, [])
  return <Outlet />
}
