import { Card, Stack, Text, Timeline, Title } from '@mantine/core'
import { IconCheck, IconNote, IconSend, IconSwitchHorizontal } from '@tabler/icons-react'
import type { Registration, RegistrationEvent } from '@/api/registrations'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { labelOf } from '@shared/labels'
import { senderOf } from './registration-answers'

const icon = { size: 12, 'aria-hidden': true } as const

function headline(event: RegistrationEvent, registration: Registration): string {
  const who = event.actor?.name ?? 'Someone on the team'
  switch (event.kind) {
    case 'submitted': {
      const sender = senderOf(registration)
      return `Sent by ${sender.name} (${sender.email}) through the website`
    }
    case 'accepted':
      return `${who} accepted it`
    case 'note':
      return `${who} added a note`
    case 'status': {
      const from = event.fromStatus ? labelOf('RegistrationStatus', event.fromStatus) : 'its previous status'
      const to = event.toStatus ? labelOf('RegistrationStatus', event.toStatus) : 'a new status'
      return `${who} moved it from ${from} to ${to}`
    }
  }
}

/** What happened to a registration, oldest first: sent, each status change with its reason and note, accepted. */
export function RegistrationHistory({ registration }: { registration: Registration }) {
  const events = registration.events.filter((event) => event.kind !== 'note')
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="history-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="history-title">
          History
        </Title>
        <Timeline bulletSize={22} lineWidth={2} active={events.length - 1}>
          {events.map((event) => (
            <Timeline.Item
              key={event.id}
              bullet={event.kind === 'submitted' ? <IconSend {...icon} /> : event.kind === 'accepted' ? <IconCheck {...icon} /> : <IconSwitchHorizontal {...icon} />}
              title={headline(event, registration)}
            >
              <Stack gap={4}>
                <Text size="sm" c="dimmed">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                </Text>
                {event.reason && (
                  <Text size="sm">
                    <strong>Reason:</strong> {event.reason}
                  </Text>
                )}
                {event.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    <strong>Note:</strong> {event.note}
                  </Text>
                )}
                {event.notified && (
                  <StatusBadge color="gray" variant="light" size="sm">
                    Emailed to the person
                  </StatusBadge>
                )}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Card>
  )
}

/** The team's notes, oldest first. */
export function RegistrationNotesList({ registration }: { registration: Registration }) {
  const notes = registration.events.filter((event) => event.kind === 'note')
  if (notes.length === 0) return <Text size="sm">No notes yet. Notes are for the team only and are never emailed.</Text>
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {notes.map((note) => (
        <Stack key={note.id} gap={2} component="li">
          <Text size="sm" c="dimmed">
            <IconNote size={14} aria-hidden /> {note.actor?.name ?? 'Someone on the team'}, <time dateTime={note.at}>{formatDateTime(note.at)}</time>
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {note.note}
          </Text>
        </Stack>
      ))}
    </Stack>
  )
}
