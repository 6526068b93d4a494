import type { QueryClient } from '@tanstack/react-query'

/**
 * Query-key families. Each family's root key invalidates everything under it, so later issues add
 * detail keys (`[...queryKeys.blogs.all, 'detail', id]`) beneath these roots.
 */
export const queryKeys = {
  user: { all: ['user'] as const, me: () => ['user', 'me'] as const },
  tutors: { all: ['tutors'] as const },
  students: { all: ['students'] as const },
  blogs: { all: ['blogs'] as const },
  courses: { all: ['courses'] as const },
  users: { all: ['users'] as const },
  schools: { all: ['schools'] as const },
  registrations: { all: ['registrations'] as const },
  enrolments: { all: ['enrolments'] as const },
  reports: { all: ['reports'] as const },
  gallery: { all: ['gallery'] as const },
}

type QueryKeyFamily = (typeof queryKeys)[keyof typeof queryKeys]['all']

/** What login, forget-password and reset-password invalidate: every family, since who is asking changed. */
export const broadInvalidation: readonly QueryKeyFamily[] = Object.values(queryKeys).map((family) => family.all)

/** What change-password invalidates. */
export const userInvalidation: readonly QueryKeyFamily[] = [queryKeys.user.all]

export async function invalidateFamilies(queryClient: QueryClient, families: readonly QueryKeyFamily[]): Promise<void> {
  await Promise.all(families.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
