import { waitFor } from 'xstate'
import type { AuthActor, AuthSnapshot } from '@/machines/auth.machine'
import { selectIsRestoring } from '@/machines/auth.selectors'

/** The auth snapshot once the stored session has been checked, so guards never decide too early. */
export function settledSession(auth: AuthActor): Promise<AuthSnapshot> {
  return waitFor(auth, (snapshot) => !selectIsRestoring(snapshot))
}
