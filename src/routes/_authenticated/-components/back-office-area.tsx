import { Outlet, useLocation } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { selectUser } from '@/machines/auth.selectors'
import { BackOfficeLayout } from '@/ui/back-office-layout'
import type { NavItem } from '@/ui/link-component'
import { useAppContext } from '@/app/use-app-context'
import { RouterLink } from '@/components/router-link'

const roleLabels = { ADMIN: 'Administrator', TUTOR: 'Tutor' } as const

/** The AppShell of a staff area, showing the signed-in user and a Sign out button. */
export function BackOfficeArea({ area, navigation }: { area: string; navigation: NavItem[] }) {
  const { auth } = useAppContext()
  const user = useSelector(auth, selectUser)
  const loggingOut = useSelector(auth, (snapshot) => snapshot.matches('loggingOut'))
  const pathname = useLocation({ select: (location) => location.pathname })

  return (
    <BackOfficeLayout
      linkComponent={RouterLink}
      pathname={pathname}
      area={area}
      navigation={navigation}
      user={{ name: user?.name ?? '', role: user ? roleLabels[user.role] : '' }}
      onLogout={() => auth.send({ type: 'LOGOUT' })}
      loggingOut={loggingOut}
    >
      <Outlet />
    </BackOfficeLayout>
  )
}
