import { Anchor, Button, Card, Group, Text, Title } from '@mantine/core'
import { IconCheck, IconMail, IconMailOpened } from '@tabler/icons-react'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { labelOf } from '@shared/labels'
import { contactMessageQueryOptions, type ContactMessage, type ContactMessageStatus } from '@/api/contact-messages'
import { isApiError } from '@/api/errors'
import { queryKeys } from '@/api/query-keys'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDateTime } from '@/ui/format-date-time'
import { telephoneHref } from '@/ui/telephone-href'
import { toast } from '@/ui/toasts'
import { AnchorLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { MessageNotFound } from './-components/message-not-found'
import { mailtoHref } from '@/ui/mailto'
import { EraseContactMessage } from '@/routes/_authenticated/admin/-components/erase-buttons'

export const Route = createFileRoute('/_authenticated/admin/contact-messages/$messageId')({
  staticData: { title: 'Contact message', notFoundTitle: 'Message not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const message = await loadRecord(queryClient, contactMessageQueryOptions(api.contactMessages, params.messageId), params.messageId)
    return { title: message.subject, description: `From ${message.name}` }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: MessageNotFound,
  component: MessagePage,
})

/** A reply in the office's own mail program, addressed and titled, quoting the message. */
function replyHref(message: ContactMessage): string {
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
  const body = `Dear ${message.name},\n\n\n\nOn ${formatDateTime(message.createdAt)} you wrote (${message.reference}):\n${quoted}\n`
  return mailtoHref(message.email, { subject: `Re: ${message.subject} [${message.reference}]`, body })
}

const MOVES: Record<ContactMessageStatus, { to: ContactMessageStatus; label: string; done: string; icon: typeof IconCheck }[]> = {
  new: [{ to: 'handled', label: 'Mark as handled', done: 'The message is marked handled', icon: IconCheck }],
  read: [
    { to: 'handled', label: 'Mark as handled', done: 'The message is marked handled', icon: IconCheck },
    { to: 'new', label: 'Mark as unread', done: 'The message is marked unread', icon: IconMail },
  ],
  handled: [{ to: 'read', label: 'Mark as not handled', done: 'The message is open again', icon: IconMailOpened }],
}

/** A status change; `done` is its toast, and without one (marking read on opening) refusals pass quietly too. */
function useStatusChange(message: ContactMessage, done?: string) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const save = useSaveRecord({
    save: (status: ContactMessageStatus) => api.contactMessages.changeStatus(message.id, message.version, status),
    detailKey: (saved) => queryKeys.contactMessages.detail(saved.id),
    refetch: [queryKeys.contactMessages.all, queryKeys.dashboard.all],
    success: done,
    onSaved: () => undefined,
  })
  return (status: ContactMessageStatus) =>
    save.mutate(status, {
      onError: (error) => {
        // Someone changed it meanwhile: show what is true now.
        void queryClient.invalidateQueries({ queryKey: queryKeys.contactMessages.detail(message.id) })
        if (done !== undefined || !(isApiError(error) && error.status === 409)) toast.error(errorMessage(error))
      },
    })
}

function StatusButton({ message, move }: { message: ContactMessage; move: (typeof MOVES)[ContactMessageStatus][number] }) {
  const change = useStatusChange(message, move.done)
  const Icon = move.icon
  return (
    <Button variant={move.to === 'handled' ? 'filled' : 'light'} leftSection={<Icon size={16} aria-hidden />} onClick={() => change(move.to)}>
      {move.label}
    </Button>
  )
}

function MessagePage() {
  const { api } = useAppContext()
  const { messageId } = Route.useParams()
  const { data: message } = useSuspenseQuery(contactMessageQueryOptions(api.contactMessages, messageId))
  const markRead = useStatusChange(message)
  // Opening a new message marks it read, once per message, as a mail program does.
  const opened = useRef<string | null>(null)
  useEffect(() => {
    if (opened.current === message.id || message.status !== 'new') return
    opened.current = message.id
    markRead('read')
  }, [message.id, message.status, markRead])

  return (
    <DetailLayout
      back={
        <AnchorLink to="/admin/contact-messages" search={true}>
          <BackLabel>Back to contact messages</BackLabel>
        </AnchorLink>
      }
      title={message.subject}
      badges={
        <StatusBadge of="ContactMessageStatus" value={message.status} size="lg" />
      }
      subtitle={
        <>
          {message.reference} · received <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          {message.statusChangedBy && message.statusChangedAt && (
            <>
              {' '}
              · marked {labelOf('ContactMessageStatus', message.status).toLowerCase()} by {message.statusChangedBy.name},{' '}
              <time dateTime={message.statusChangedAt}>{formatDateTime(message.statusChangedAt)}</time>
            </>
          )}
        </>
      }
      actions={
        <Group gap="sm">
          <Button component="a" href={replyHref(message)} variant="light" leftSection={<IconMail size={16} aria-hidden />}>
            Reply by email
          </Button>
          {MOVES[message.status].map((move) => (
            <StatusButton key={move.to} message={message} move={move} />
          ))}
          <EraseContactMessage message={message} />
        </Group>
      }
    >
      <Card withBorder padding="md" component="section" aria-labelledby="message-title">
        <Title order={2} size="h3" id="message-title" mb="sm">
          The message
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Text>
      </Card>
      <FactCard
        title="From"
        facts={[
          ['Name', message.name],
          ['Email', <Anchor href={mailtoHref(message.email)}>{message.email}</Anchor>],
          ['Phone', message.phone && <Anchor href={telephoneHref(message.phone)}>{message.phone}</Anchor>],
        ]}
      />
    </DetailLayout>
  )
}
