import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mySessionsQueryOptions } from '@/api/auth'
import { queryKeys } from '@/api/query-keys'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { toast } from '@/ui/toasts'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import classes from './signed-in-sessions.module.css'

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
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sessions">
        {sessions.data.map((session) => (
          <Group key={session.id} component="li" justify="space-between" wrap="wrap" gap="xs" py="xs" className={classes.session}>
            <Stack gap={2} miw={0}>
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {session.device}
                </Text>
                {session.current && (
                  <StatusBadge color="blue" variant="light" size="sm">
                    This browser
                  </StatusBadge>
                )}
              </Group>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {session.address} · last seen {formatDateTime(session.lastSeenAt)}
              </Text>
            </Stack>
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
          </Group>
        ))}
      </Stack>
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
