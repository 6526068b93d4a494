import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type StaffAccount = Schemas['StaffAccount']
export type StaffAccountPage = Schemas['StaffAccountPage']
export type StaffStatus = Schemas['StaffStatus']
export type AdminInvitation = Schemas['AdminInvitation']
export type StaffAccountQuery = NonNullable<operations['listStaffAccounts']['parameters']['query']>

/** Every account that signs in to the back offices, admins and tutors; ADMIN only. Tutors are invited in tutors.ts. */
export function createStaffApi(client: ApiClient) {
  const path = (userId: string) => ({ path: { userId } })
  return {
    list: (query: StaffAccountQuery) => unwrap(client.GET('/admin/staff', { params: { query } })),
    inviteAdmin: (body: AdminInvitation) => unwrap(client.POST('/admin/staff', { body })),
    changeRole: (userId: string, role: StaffAccount['role']) => unwrap(client.PUT('/admin/staff/{userId}/role', { params: path(userId), body: { role } })),
    changeStatus: (userId: string, active: boolean) => unwrap(client.PUT('/admin/staff/{userId}/status', { params: path(userId), body: { active } })),
    changeSafeguardingLead: (userId: string, safeguardingLead: boolean) =>
      unwrap(client.PUT('/admin/staff/{userId}/safeguarding-lead', { params: path(userId), body: { safeguardingLead } })),
    resetSecondFactor: (userId: string) => unwrap(client.DELETE('/admin/staff/{userId}/second-factor', { params: path(userId) })),
  }
}

export type StaffApi = ReturnType<typeof createStaffApi>

export function staffAccountsQueryOptions(staffApi: StaffApi, query: StaffAccountQuery) {
  return queryOptions({ queryKey: queryKeys.staff.list(query), queryFn: () => staffApi.list(query) })
}
