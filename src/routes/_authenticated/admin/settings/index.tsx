import { createFileRoute } from '@tanstack/react-router'
import { meQueryOptions } from '@/api/auth'
import { AccountSettings } from '@/routes/_authenticated/-components/account-settings'

export const Route = createFileRoute('/_authenticated/admin/settings/')({
  staticData: { title: 'Settings' },
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions(context.api.auth)),
  component: AdminAccountSettingsPage,
})

function AdminAccountSettingsPage() {
  return <AccountSettings />
}
