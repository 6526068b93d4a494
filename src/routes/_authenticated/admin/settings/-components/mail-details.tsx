import { Alert, Anchor, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { labelOf } from '@shared/labels'
import { mailQueryOptions, type MailSummary } from '@/api/mail'
import { ActionDialog } from '@/ui/back-office/action-dialog'
import { formatDateTime } from '@/ui/format-date-time'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'

/**
 * A mail's subject, which opens the mail in a dialog: who it went to, what it is, and its words, unless it carries a
 * password link or its words were deleted, when the server says why they are not shown instead.
 */
export function MailDetails({ mail }: { mail: MailSummary }) {
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Anchor component="button" type="button" fw={600} ta="left" style={{ overflowWrap: 'anywhere' }} onClick={() => setOpened(true)}>
        {mail.subject}
      </Anchor>
      <ActionDialog opened={opened} onClose={() => setOpened(false)} title={mail.subject} size="lg">
        {opened && <MailBody mailId={mail.id} />}
      </ActionDialog>
    </>
  )
}

function MailBody({ mailId }: { mailId: string }) {
  const { api } = useAppContext()
  const mail = useQuery(mailQueryOptions(api.mail, mailId))
  if (mail.isError) {
    return (
      <LoadFailedAlert what="The mail" message={errorMessage(mail.error)} onRetry={() => void mail.refetch()} />
    )
  }
  if (mail.data === undefined) {
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton h={16} w="60%" />
        <Skeleton h={16} w="40%" />
        <Skeleton h={96} />
      </Stack>
    )
  }
  const { to, kind, status, createdAt, sentAt, text, withheld } = mail.data
  return (
    <Stack gap="md">
      <Text size="sm">
        To {to} · {labelOf('MailKind', kind)} · {labelOf('MailStatus', status)}
        <br />
        Written {formatDateTime(createdAt)}
        {sentAt ? `, sent ${formatDateTime(sentAt)}` : ''}
      </Text>
      {text !== undefined ? (
        <Text component="pre" size="sm" p="sm" bd="1px solid var(--mantine-color-default-border)" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}>
          {text}
        </Text>
      ) : (
        <Alert variant="light" title="Its words are not shown">
          {withheld}
        </Alert>
      )}
    </Stack>
  )
}
