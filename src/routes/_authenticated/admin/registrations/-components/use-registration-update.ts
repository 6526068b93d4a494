import { useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/api/query-keys'
import type { Registration } from '@/api/registrations'

/**
 * After a change: the answer is the registration as it now is, so it replaces the cached detail at once;
 * the inbox lists (rows and status counts) and, after accepting, the lists that gained a record refetch.
 */
export function useRegistrationUpdate() {
  const queryClient = useQueryClient()
  return async (registration: Registration) => {
    queryClient.setQueryData(queryKeys.registrations.detail(registration.id), registration)
    const families: (readonly string[])[] = [queryKeys.registrations.all]
    if (registration.created?.student) families.push(queryKeys.students.all)
    if (registration.created?.school) families.push(queryKeys.schools.all)
    if (registration.created?.tutor) families.push(queryKeys.tutors.all)
    await Promise.all(
      families.map((queryKey) =>
        queryClient.invalidateQueries({
          queryKey,
          // The detail was just set from the answer; refetching it would only repeat it.
          predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== registration.id,
        }),
      ),
    )
  }
}

/** After a refused change (409: someone else moved it first), show the registration as it now is. */
export function useRegistrationRefresh() {
  const queryClient = useQueryClient()
  return (registrationId: string) => queryClient.invalidateQueries({ queryKey: queryKeys.registrations.detail(registrationId) })
}
