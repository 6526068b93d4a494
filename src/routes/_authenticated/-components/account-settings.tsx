import { Container, Paper, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { meQueryOptions } from '../../../api/auth'
import { useAppContext } from '../../-lib/use-app-context'
import { ChangePasswordForm } from './change-password-form'
import { NameForm } from './name-form'

/** The settings screen of both staff areas: the user's name and password. */
export function AccountSettings() {
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
        <Paper withBorder p="lg">
          <ChangePasswordForm user={user} />
        </Paper>
      </Stack>
    </Container>
  )
}
