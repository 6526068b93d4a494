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

/** Every /auth operation, typed by the contract; each throws ApiError on failure. */
export function createAuthApi(client: ApiClient) {
  return {
    login: (body: LoginRequest) => unwrap(client.POST('/auth/login', { body })),
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
