import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type User = Schemas['User']
export type Role = Schemas['Role']
export type Session = Schemas['Session']
export type LoginRequest = Schemas['LoginRequest']
export type ChangePasswordRequest = Schemas['ChangePasswordRequest']
export type UpdateMeRequest = Schemas['UpdateMeRequest']
export type ForgetPasswordRequest = Schemas['ForgetPasswordRequest']
export type ResetPasswordRequest = Schemas['ResetPasswordRequest']
export type SecondFactorChallenge = Schemas['SecondFactorChallenge']
export type SecondFactorSignIn = Schemas['SecondFactorSignIn']
export type SecondFactorStatus = Schemas['SecondFactorStatus']
export type SecondFactorSetup = Schemas['SecondFactorSetup']
export type SecondFactorTurnOff = Schemas['SecondFactorTurnOff']
export type SignedInSession = Schemas['SignedInSession']

/** Every /auth operation, typed by the contract; each throws ApiError on failure. */
export function createAuthApi(client: ApiClient) {
  return {
    /** A session, or (202) the challenge the second step completes. */
    login: (body: LoginRequest) => unwrap(client.POST('/auth/login', { body })),
    completeSignIn: (body: SecondFactorSignIn) => unwrap(client.POST('/auth/login/second-factor', { body })),
    getSecondFactor: () => unwrap(client.GET('/auth/second-factor')),
    startSecondFactorSetup: (password: string) => unwrap(client.POST('/auth/second-factor/setup', { body: { password } })),
    confirmSecondFactor: (code: string) => unwrap(client.POST('/auth/second-factor/confirm', { body: { code } })),
    regenerateRecoveryCodes: (code: string) => unwrap(client.POST('/auth/second-factor/recovery-codes', { body: { code } })),
    turnOffSecondFactor: (body: SecondFactorTurnOff) => unwrap(client.POST('/auth/second-factor/turn-off', { body })),
    listMySessions: () => unwrap(client.GET('/auth/sessions')),
    endMySession: async (sessionId: string): Promise<void> => {
      await client.DELETE('/auth/sessions/{sessionId}', { params: { path: { sessionId } } })
    },
    endOtherSessions: () => unwrap(client.POST('/auth/sessions/end-others')),
    forgetPassword: (body: ForgetPasswordRequest) => unwrap(client.POST('/auth/forget-password', { body })),
    resetPassword: (token: string, body: ResetPasswordRequest) =>
      unwrap(client.PATCH('/auth/reset-password', { params: { query: { token } }, body })),
    changePassword: (body: ChangePasswordRequest) => unwrap(client.PATCH('/auth/change-password', { body })),
    logout: async (): Promise<void> => {
      await client.POST('/auth/logout')
    },
    getMe: () => unwrap(client.GET('/auth/me')),
    updateMe: (body: UpdateMeRequest) => unwrap(client.PATCH('/auth/me', { body })),
  }
}

export type AuthApi = ReturnType<typeof createAuthApi>

export function meQueryOptions(authApi: AuthApi) {
  return queryOptions({ queryKey: queryKeys.user.me(), queryFn: () => authApi.getMe() })
}

export function secondFactorQueryOptions(authApi: AuthApi) {
  return queryOptions({ queryKey: queryKeys.user.secondFactor(), queryFn: () => authApi.getSecondFactor() })
}

export function mySessionsQueryOptions(authApi: AuthApi) {
  return queryOptions({ queryKey: queryKeys.user.sessions(), queryFn: () => authApi.listMySessions() })
}
