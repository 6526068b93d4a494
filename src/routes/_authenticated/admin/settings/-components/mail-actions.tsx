import { Button, Group, Stack, Text } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { MailSummary } from '@/api/mail'
import { queryKeys } from '@/api/query-keys'
import { ActionDialog } from '@/ui/back-office/action-dialog'
import { notify, toast } from '@/ui/toasts'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { mails } from './mail-words'

/** After a resend, the list, its counts and the dashboard's figure show what is true now, whether it worked or not. */
function useRefreshMail() {
  const queryClient = useQueryClient()
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.mail.all }), queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })])
}

/**
 * Sends one failed mail again at once; a mail that is no longer failed is refused and the list reloads. A mail the server
 * says cannot work again (an expired password or invitation link, deleted words) has no button: its row says why.
 */
export function ResendMail({ mail }: { mail: MailSummary }) {
  const { api } = useAppContext()
  const refresh = useRefreshMail()
  const resend = useMutation({
    mutationFn: () => api.mail.resend(mail.id),
    onSuccess: async () => {
      await refresh()
      toast.success(`The mail to ${mail.to} is being sent again`)
    },
    onError: async (error) => {
      toast.error(errorMessage(error))
      await refresh()
    },
  })
  if (mail.resendRefused) {
    return (
      <Text size="xs" c="dimmed">
        Cannot be sent again
      </Text>
    )
  }
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconSend size={14} aria-hidden />}
      loading={resend.isPending}
      onClick={() => resend.mutate()}
      aria-label={`Resend “${mail.subject}” to ${mail.to}`}
    >
      Resend
    </Button>
  )
}

/** Sends every failed mail again, after a dialog that says how many and what happens. */
export function ResendAllFailed({ failed }: { failed: number }) {
  const { api } = useAppContext()
  const refresh = useRefreshMail()
  const [opened, setOpened] = useState(false)
  const resend = useMutation({
    mutationFn: () => api.mail.resendFailed(),
    onSuccess: async ({ resent, skipped, skippedReason }) => {
      setOpened(false)
      await refresh()
      const sending = resent === 0 ? '' : 'They are being sent now. Any that fail again are tried for another day before they show here as failed.'
      notify({
        title: resent > 0 ? `${mails(resent)} queued again` : skipped > 0 ? 'No mail could be sent again' : 'Nothing to resend',
        message: [sending, skippedReason ?? (resent === 0 ? 'No mail had failed by the time you asked.' : '')].filter(Boolean).join(' '),
        color: skipped > 0 ? 'yellow' : 'green',
      })
    },
  })
  if (failed === 0) return null
  return (
    <>
      <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Resend all failed ({failed})
      </Button>
      <ActionDialog opened={opened} onClose={() => setOpened(false)} title={`Resend ${mails(failed)} that failed?`} size="md">
        <Stack gap="md">
          <Text>
            Each is sent again now and, if the mail server still refuses it, tried for another day. Fix what the errors point to first (such as a
            misspelled address or the mail server’s settings), or they will fail again. A mail whose password or invitation link has expired, or
            whose words were deleted, is left as it is: its row says what to do instead.
          </Text>
          {resend.isError && (
            <Text c="red" role="alert">
              {errorMessage(resend.error)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button loading={resend.isPending} onClick={() => resend.mutate()}>
              Resend {mails(failed)}
            </Button>
          </Group>
        </Stack>
      </ActionDialog>
    </>
  )
}
