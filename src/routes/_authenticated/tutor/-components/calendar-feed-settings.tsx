import { Alert, Anchor, Button, CopyButton, Group, List, Stack, Text, TextInput } from '@mantine/core'
import { IconCalendarPlus, IconCopy, IconCheck } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { calendarFeedQueryOptions, type CalendarFeedAddress } from '@/api/calendar'
import { queryKeys } from '@/api/query-keys'
import { ActionDialog } from '@/ui/back-office/action-dialog'
import { formatDateTime } from '@/ui/format-date-time'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'

/**
 * The tutor's lessons in their phone's calendar: a secret address the calendar reads, shown once when it is made
 * (only its hash is kept), replaced when lost or shared by mistake, stopped when no longer wanted.
 */
export function CalendarFeedSettings() {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const state = useQuery(calendarFeedQueryOptions(api.calendar))
  const [made, setMade] = useState<CalendarFeedAddress | null>(null)
  const [asking, setAsking] = useState<'replace' | 'stop' | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.calendar.all })
  const make = useMutation({
    mutationFn: () => api.calendar.makeFeed(),
    onSuccess: async (address) => {
      setMade(address)
      setAsking(null)
      await refresh()
    },
  })
  const stop = useMutation({
    mutationFn: () => api.calendar.stopFeed(),
    onSuccess: async () => {
      setMade(null)
      setAsking(null)
      await refresh()
    },
  })
  const problem = make.error ?? stop.error ?? state.error
  const active = state.data?.active === true

  return (
    <Stack gap="sm">
      <Text size="sm">
        Your calendar app can show your lessons beside everything else, and follow when one moves or is cancelled. It reads them from a private address made for
        you: lessons name the subject and the learners’ first names only.
      </Text>
      {problem && (
        <Alert color="red" variant="light" role="alert" title={state.isError && !make.error && !stop.error ? 'Your calendar address could not be read' : 'Nothing was changed'}>
          {errorMessage(problem)}
        </Alert>
      )}
      {made ? (
        <NewAddress address={made} />
      ) : active && state.data ? (
        <Text size="sm">
          Your calendar address was made on {formatDateTime(state.data.createdAt ?? '')}.{' '}
          {state.data.lastReadAt ? `A calendar last read it on ${formatDateTime(state.data.lastReadAt)}.` : 'No calendar has read it yet.'} For your safety it is
          not shown again: if you lost it, make a new one.
        </Text>
      ) : (
        state.isSuccess && <Text size="sm">You have no calendar address. Make one, then add it to your phone’s calendar.</Text>
      )}
      <Group gap="sm">
        {active || made ? (
          <>
            <Button variant="default" onClick={() => setAsking('replace')}>
              Make a new address
            </Button>
            <Button variant="outline" color="red" onClick={() => setAsking('stop')}>
              Stop the calendar feed
            </Button>
          </>
        ) : (
          <Button leftSection={<IconCalendarPlus size={16} aria-hidden />} loading={make.isPending} onClick={() => make.mutate()} disabled={!state.isSuccess}>
            Make my calendar address
          </Button>
        )}
      </Group>
      <ActionDialog opened={asking !== null} onClose={() => setAsking(null)} title={asking === 'stop' ? 'Stop the calendar feed?' : 'Make a new calendar address?'} size="md">
        <Stack gap="md">
          <Text size="sm">
            {asking === 'stop'
              ? 'Calendars reading your address will get no more lessons; the ones they show now may stay until you remove the calendar from them.'
              : 'The address you have now stops working at once. Add the new one to your calendar and remove the old one from it.'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setAsking(null)}>
              Keep it as it is
            </Button>
            {asking === 'stop' ? (
              <Button color="red" loading={stop.isPending} onClick={() => stop.mutate()}>
                Stop the feed
              </Button>
            ) : (
              <Button loading={make.isPending} onClick={() => make.mutate()}>
                Make a new address
              </Button>
            )}
          </Group>
        </Stack>
      </ActionDialog>
    </Stack>
  )
}

/** The address just made, shown this once: copy it, or open it in this phone's calendar. */
function NewAddress({ address }: { address: CalendarFeedAddress }) {
  const heading = useRef<HTMLDivElement>(null)
  useEffect(() => heading.current?.focus(), [address])
  return (
    <Alert color="green" variant="light" title="Your calendar address" ref={heading} tabIndex={-1}>
      <Stack gap="sm">
        <Text size="sm">Copy it now: for your safety it is shown only this once. Keep it to yourself, as anyone with it can see your lessons.</Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label="Calendar address" readOnly value={address.url} onFocus={(event) => event.currentTarget.select()} style={{ flex: 1, minWidth: 0 }} />
          <CopyButton value={address.url}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <List size="sm" spacing={4}>
          <List.Item>
            On this phone: <Anchor href={address.webcalUrl}>add it to your calendar</Anchor>.
          </List.Item>
          <List.Item>iPhone or iPad: Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar, then paste it.</List.Item>
          <List.Item>Google Calendar: on a computer, Other calendars → + → From URL, then paste it; it shows on your Android phone too.</List.Item>
        </List>
      </Stack>
    </Alert>
  )
}
