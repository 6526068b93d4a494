import { Alert, Box, Stack, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { labelOf, optionsOf } from '@shared/labels'
import { mailListQueryOptions, type MailFilter, type MailSummary } from '@/api/mail'
import type { DataColumn } from '@/ui/back-office/data-table'
import { ChipFilter } from '@/ui/back-office/filter-bar'
import { resolveListSearch, validateListSearch, type ResolvedListSearch } from '@/ui/back-office/list-search'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { useAppContext } from '@/app/use-app-context'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { mailListSpec } from '@/routes/_authenticated/-components/list-specs'
import { ResendAllFailed, ResendMail } from './-components/mail-actions'
import { MailDetails } from './-components/mail-details'
import { mails, times } from './-components/mail-words'

export const Route = createFileRoute('/_authenticated/admin/settings/mail')({
  staticData: { title: 'Mail' },
  validateSearch: (search) => validateListSearch(mailListSpec, search),
  loaderDeps: ({ search }) => resolveListSearch(mailListSpec, search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(mailListQueryOptions(api.mail, apiQuery(deps)))
  },
  component: MailPage,
})

type MailListSearch = ResolvedListSearch<(typeof mailListSpec)['filters'], never>

/** What listMail takes: status and page. */
function apiQuery({ status, page, pageSize }: Pick<MailListSearch, 'status' | 'page' | 'pageSize'>) {
  return { ...(status ? { status } : {}), page, pageSize }
}

const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>

/** The status, how often it was tried, and when it was sent or is tried next. */
function MailState({ mail }: { mail: MailSummary }) {
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge of="MailStatus" value={mail.status} />
      <Text size="xs" c="dimmed">
        {mail.attempts === 0 ? 'Not tried yet' : `Tried ${times(mail.attempts)}`}
        {mail.sentAt && <>, sent {when(mail.sentAt)}</>}
        {mail.nextAttemptAt && <>, next try {when(mail.nextAttemptAt)}</>}
      </Text>
    </Stack>
  )
}

/**
 * The last error in plain words, then the code and the mail server's own words for whoever runs it; for a failed mail
 * that cannot be sent again, why and what to do instead (the Resend column only says that it cannot).
 */
function MailError({ mail }: { mail: MailSummary }) {
  if (!mail.lastError && !mail.resendRefused) return null
  return (
    <Stack gap={2}>
      {mail.lastError && (
        <>
          <Text size="sm">{mail.lastError.plain}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {mail.lastError.code ? `Code ${mail.lastError.code}. ` : ''}The server said: {mail.lastError.detail}
          </Text>
        </>
      )}
      {mail.resendRefused && <Text size="sm">{mail.resendRefused}</Text>}
    </Stack>
  )
}

const columns: DataColumn<MailSummary, never>[] = [
  {
    key: 'mail',
    header: 'Mail',
    cell: (mail) => (
      <Stack gap={4}>
        {/* A long address breaks rather than pushing the table wider than a phone. */}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          To {mail.to} · {labelOf('MailKind', mail.kind)} · written {when(mail.createdAt)}
        </Text>
        {/* On a phone the other columns are hidden: the row reads as a card with all of it. */}
        <Box hiddenFrom="sm">
          <MailState mail={mail} />
        </Box>
        <Box hiddenFrom="md">
          <MailError mail={mail} />
        </Box>
      </Stack>
    ),
  },
  { key: 'status', header: 'Status', visibleFrom: 'sm', cell: (mail) => <MailState mail={mail} /> },
  { key: 'error', header: 'Last error', visibleFrom: 'md', cell: (mail) => <MailError mail={mail} /> },
  { key: 'resend', header: 'Resend', cell: (mail) => (mail.status === 'failed' ? <ResendMail mail={mail} /> : null) },
]

/** What a status filter that matches nothing says: for failed mail, that there is nothing to do. */
const NO_MATCH: Record<MailFilter, { title: string; description: string }> = {
  failed: { title: 'No failed mail', description: 'Every mail was sent or is still being tried, so there is nothing to resend.' },
  failed_this_week: { title: 'No mail failed this week', description: 'Every mail of the last 7 days was sent or is still being tried. Older failures are under Failed.' },
  pending: { title: 'No mail waiting', description: 'Everything queued has been sent. Mail that could not be sent within a day is under Failed.' },
  stored: { title: 'No mail kept', description: 'Mail is kept here only while no mail server is set; the server has one, so mail is sent.' },
  sent: { title: 'No mail sent yet', description: 'Look under Waiting for mail still being tried, and under Failed for mail to send again.' },
}

function MailPage() {
  const { api } = useAppContext()
  const list = useListSearch(mailListSpec, Route.useSearch(), Route.useNavigate())
  const { query } = list
  const result = useQuery({ ...mailListQueryOptions(api.mail, apiQuery(query)), placeholderData: keepPreviousData })
  const counts = result.data?.statusCounts
  const all = counts ? counts.pending + counts.stored + counts.sent + counts.failed : undefined
  // Kept mail exists only while no mail server is set: its status is offered only then.
  // "Failed this week" is the dashboard's figure: offered here only when the figure's link opened it.
  const statuses = optionsOf('MailFilter').filter(
    (option) => (option.value !== 'stored' || (counts?.stored ?? 0) > 0 || query.status === 'stored') && (option.value !== 'failed_this_week' || query.status === 'failed_this_week'),
  )

  return (
    <Stack gap={0}>
      {counts !== undefined && counts.stored > 0 && (
        <Alert color="yellow" variant="light" title={`${mails(counts.stored)} kept, not sent`} mt="md">
          No mail server is set (SMTP_URL), so mail is kept instead of sent. Ask whoever runs the server to set it: kept mail is sent once it is.
        </Alert>
      )}
      <ListPage
        title="Mail"
        intro="Every mail the site sends: password links, invitations, confirmations and notices to the office. A mail the mail server refuses is tried again for a day, then shows as failed here with what went wrong; fix the cause, then send it again. The words of mails that carry a password link are never shown."
        actions={<ResendAllFailed failed={counts?.failed ?? 0} />}
        list={list}
        result={result}
        filters={
          <ChipFilter
            label="Status"
            allLabel="All mail"
            allCount={all}
            options={statuses.map((option) => ({ ...option, count: option.value === 'failed_this_week' ? undefined : counts?.[option.value] }))}
            value={query.status}
            onChange={(status) => list.change({ status })}
          />
        }
        caption="Mail"
        columns={columns}
        rowKey={(mail) => mail.id}
        rowTitle={(mail) => <MailDetails mail={mail} />}
        rowLinked={false}
        noun={{ one: 'mail', many: 'mails' }}
        empty={{
          title: 'No mail yet',
          description: 'Mail appears here as the site sends it: when someone asks for a password link, sends a form, or the office invites a tutor. Nothing to do until then.',
        }}
        noMatch={query.status ? NO_MATCH[query.status] : { title: 'No mail matches', description: 'Clear the filter to see every mail.' }}
      />
    </Stack>
  )
}
