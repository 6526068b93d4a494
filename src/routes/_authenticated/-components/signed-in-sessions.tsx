import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mySessionsQueryOptions } from '../../../api/auth'
import { queryKeys } from '../../../api/query-keys'
import { formatDateTime } from '../../../ui/format-date-time'
import { toast } from '../../../ui/toasts'
import { errorMessage } from '../../-lib/server-errors'
import { useAppContext } from '../../-lib/use-app-context'

/**
 * "Where you're signed in": every live session with its browser, address and when it was last used, this one
 * marked. Ending one signs that browser out at its next request, in all its tabs.
 */
export function SignedInSessions() {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const sessions = useQuery(mySessionsQueryOptions(api.auth))
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.user.sessions() })
  const endOne = useMutation({
    mutationFn: (sessionId: string) => api.auth.endMySession(sessionId),
    onSuccess: () => toast.success('That session has ended'),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  })
  const endOthers = useMutation({
    mutationFn: () => api.auth.endOtherSessions(),
    onSuccess: ({ ended }) => toast.success(ended === 1 ? '1 other session has ended' : `${ended} other sessions have ended`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: refresh,
  })

  if (sessions.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(sessions.error)}
        <Button mt="sm" variant="light" color="red" display="block" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (!sessions.data) return <Skeleton height={80} aria-label="Loading your sessions" />
  const others = sessions.data.filter((session) => !session.current)
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Last seen</Table.Th>
              <Table.Th>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{session.device}</Text>
                    {session.current && (
                      <Badge size="sm" variant="light">
                        This browser
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{session.address}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(session.lastSeenAt)}</Text>
                </Table.Td>
                <Table.Td>
                  {!session.current && (
                    <Button
                      size="compact-sm"
                      variant="default"
                      loading={endOne.isPending && endOne.variables === session.id}
                      onClick={() => endOne.mutate(session.id)}
                      aria-label={`Sign out ${session.device} at ${session.address}`}
                    >
                      Sign out
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {others.length === 0 ? (
        <Text size="sm" c="dimmed">
          You are signed in here only.
        </Text>
      ) : (
        <Group>
          <Button variant="default" onClick={() => endOthers.mutate()} loading={endOthers.isPending}>
            Sign out everywhere else
          </Button>
        </Group>
      )}
    </Stack>
  )
}
