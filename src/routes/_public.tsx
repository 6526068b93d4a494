import { createFileRoute, Outlet } from '@tanstack/react-router'
import { PublicShell } from './-components/public-shell'

export const Route = createFileRoute('/_public')({
  component: PublicSite,
})

function PublicSite() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  )
}
