import { Paper, Stack, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { meQueryOptions } from '@/api/auth'
import { AccountSettings } from '@/routes/_authenticated/-components/account-settings'
import { CalendarFeedSettings } from '@/routes/_authenticated/tutor/-components/calendar-feed-settings'

export const Route = createFileRoute('/_authenticated/tutor/settings')({
  staticData: { title: 'Settings' },
  // The calendar feed's state is read by its own section, so the account's settings open even when it cannot be.
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions(context.api.auth)),
  component: TutorSettingsPage,
})

function TutorSettingsPage() {
  return (
    <AccountSettings
      area={
        <Paper withBorder p="lg" component="section" aria-labelledby="calendar-feed-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="calendar-feed-title">
              Your lessons in your phone’s calendar
            </Title>
            <CalendarFeedSettings />
          </Stack>
        </Paper>
      }
    />
  )
}
