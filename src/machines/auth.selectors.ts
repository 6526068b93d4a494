import type { AuthSnapshot } from './auth.machine'

export const selectUser = (snapshot: AuthSnapshot) => snapshot.context.user
export const selectToken = (snapshot: AuthSnapshot) => snapshot.context.token
export const selectRole = (snapshot: AuthSnapshot) => snapshot.context.user?.role ?? null
export const selectIsAdmin = (snapshot: AuthSnapshot) => selectRole(snapshot) === 'ADMIN'
export const selectIsRestoring = (snapshot: AuthSnapshot) => snapshot.matches('restoring')
export const selectIsAuthenticating = (snapshot: AuthSnapshot) => snapshot.matches('authenticating')

/** The guard's rule from the specification: both a user and a token. */
export const selectIsAuthenticated = (snapshot: AuthSnapshot) =>
  snapshot.context.user !== null && snapshot.context.token !== null
