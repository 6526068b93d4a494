import { Paper, Stack, Title } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { meQueryOptions } from '@/api/auth'
import { calendarFeedQueryOptions } from '@/api/calendar'
import { AccountSettings } from '@/routes/_authenticated/-components/account-settings'
import { CalendarFeedSettings } from '@/routes/_authenticated/tutor/-components/calendar-feed-settings'

export const Route = createFileRoute('/_authenticated/tutor/settings')({
  staticData: { title: 'Settings' },
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(meQueryOptions(context.api.auth)), context.queryClient.ensureQueryData(calendarFeedQueryOptions(context.api.calendar))]),
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
