import { Container, Paper, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { meQueryOptions } from '@/api/auth'
import { useAppContext } from '@/app/use-app-context'
import { ChangePasswordForm } from './change-password-form'
import { NameForm } from './name-form'
import { SecondFactorSettings } from './second-factor-settings'
import { SignedInSessions } from './signed-in-sessions'

/**
 * The settings screen of both staff areas: the user's name and password, the second sign-in step and the sessions;
 * `area` adds an area's own sections after the name (the tutor's calendar feed).
 */
export function AccountSettings({ area }: { area?: ReactNode }) {
  const { api } = useAppContext()
  const { data: user } = useSuspenseQuery(meQueryOptions(api.auth))

  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Settings</Title>
          <Text c="dimmed">Signed in as {user.email}</Text>
        </div>
        <Paper withBorder p="lg">
          <NameForm user={user} />
        </Paper>
        {area}
        <Paper withBorder p="lg">
          <ChangePasswordForm user={user} />
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="second-factor-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="second-factor-title">
              Second sign-in step
            </Title>
            <SecondFactorSettings user={user} />
          </Stack>
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="sessions-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="sessions-title">
              Where you&apos;re signed in
            </Title>
            <SignedInSessions />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  )
}
