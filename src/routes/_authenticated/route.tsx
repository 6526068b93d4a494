import { createFileRoute, redirect } from '@tanstack/react-router'
import { selectIsAuthenticated } from '@/machines/auth.selectors'
import { settledSession } from '@/app/session'

/** The staff areas render only with both a user and a token; anyone else signs in first and comes back. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const snapshot = await settledSession(context.auth)
    if (!selectIsAuthenticated(snapshot)) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true })
    }
  },
})
