import { useQuery } from '@tanstack/react-query'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { registrationsQueryOptions } from '@/api/registrations'
import { selectIsAdmin, selectUser } from '@/machines/auth.selectors'
import { routeTo } from '@/app/route-to'
import { useAppContext } from '@/app/use-app-context'
import { BackOfficeArea } from '@/routes/_authenticated/-components/back-office-area'
import { adminNavigation } from '@/routes/_authenticated/-components/navigation'

/** Administrators only: the client sends anyone else to /tutor (and the server answers 403 to them). */
export const Route = createFileRoute('/_authenticated/admin')({
  beforeLoad: ({ context, location }) => {
    const snapshot = context.auth.getSnapshot()
    if (!selectIsAdmin(snapshot)) throw redirect({ to: '/tutor', replace: true })
    // Until the second step is set up, /admin shows its set-up and nothing else answers (the server says 403).
    if (selectUser(snapshot)?.secondFactorDue && location.pathname !== '/admin' && location.pathname !== '/admin/') throw redirect({ to: '/admin', replace: true })
  },
  component: AdminArea,
})

const REGISTRATIONS = routeTo({ to: '/admin/registrations' })
/** How often the navigation asks again how many registrations are new, so one sent meanwhile shows. */
const NEW_COUNT_REFRESH_MS = 60_000

function AdminArea() {
  const { api, auth } = useAppContext()
  const due = useSelector(auth, (snapshot) => selectUser(snapshot)?.secondFactorDue === true)
  const fresh = useQuery({
    ...registrationsQueryOptions(api.registrations, { status: 'new', sort: 'newest', page: 1, pageSize: 1 }),
    refetchInterval: NEW_COUNT_REFRESH_MS,
    enabled: !due,
  })
  const total = fresh.data?.total
  const navigation = adminNavigation.map((item) => (item.to === REGISTRATIONS && total !== undefined ? { ...item, count: { value: total, words: 'new' } } : item))
  return <BackOfficeArea area="Admin" navigation={navigation} />
}
