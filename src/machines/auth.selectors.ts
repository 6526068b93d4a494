import type { AuthSnapshot } from './auth.machine'

export const selectUser = (snapshot: AuthSnapshot) => snapshot.context.user
export const selectToken = (snapshot: AuthSnapshot) => snapshot.context.token
export const selectRole = (snapshot: AuthSnapshot) => snapshot.context.user?.role ?? null
export const selectIsAdmin = (snapshot: AuthSnapshot) => selectRole(snapshot) === 'ADMIN'
export const selectIsRestoring = (snapshot: AuthSnapshot) => snapshot.matches('restoring')
export const selectIsAuthenticating = (snapshot: AuthSnapshot) => snapshot.matches('authenticating')
/** The code screen is showing: the password was right and the second step is asked. */
export const selectAwaitsSecondFactor = (snapshot: AuthSnapshot) => snapshot.matches('awaitingSecondFactor') || snapshot.matches('verifyingSecondFactor')
export const selectIsVerifyingSecondFactor = (snapshot: AuthSnapshot) => snapshot.matches('verifyingSecondFactor')
export const selectAuthError = (snapshot: AuthSnapshot) => snapshot.context.error

/** The guard's rule from the specification: both a user and a token. */
export const selectIsAuthenticated = (snapshot: AuthSnapshot) =>
  snapshot.context.user !== null && snapshot.context.token !== null
