import { Stack } from '@mantine/core'
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { SettingsNav } from './-components/settings-nav'

/** Settings: a section per screen (the account, the media library…), reached from the links above each one. */
export const Route = createFileRoute('/_authenticated/admin/settings')({
  staticData: { title: 'Settings' },
  component: SettingsLayout,
})

function SettingsLayout() {
  return (
    <Stack gap="md" pt="md">
      <SettingsNav />
      <Outlet />
    </Stack>
  )
}
