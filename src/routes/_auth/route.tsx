import { createFileRoute, Outlet } from '@tanstack/react-router'
import { AuthLayout } from '@/ui/auth-layout'
import { RouterLink } from '@/components/router-link'

export const Route = createFileRoute('/_auth')({
  component: AuthScreens,
})

function AuthScreens() {
  return (
    <AuthLayout linkComponent={RouterLink}>
      <Outlet />
    </AuthLayout>
  )
}
