import { Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { labelOf, optionsOf } from '@shared/labels'
import { contactMessagesQueryOptions, type ContactMessageSummary } from '@/api/contact-messages'
import type { CsvColumn } from '@/ui/back-office/csv'
import type { DataColumn } from '@/ui/back-office/data-table'
import { ChipFilter } from '@/ui/back-office/filter-bar'
import { resolveListSearch } from '@/ui/back-office/list-search'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { InboxKinds } from '@/routes/_authenticated/-components/inbox-kinds'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { contactMessageListSpec } from '@/routes/_authenticated/-components/list-specs'

export const Route = createFileRoute('/_authenticated/admin/contact-messages/')({
  loaderDeps: ({ search }) => resolveListSearch(contactMessageListSpec, search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(contactMessagesQueryOptions(api.contactMessages, deps))
  },
  component: ContactMessagesPage,
})

const columns: DataColumn<ContactMessageSummary, never>[] = [
  {
    key: 'name',
    header: 'From',
    cell: (row) => (
      <Text size="xs" c="dimmed">
        {row.reference} · {row.email}
      </Text>
    ),
  },
  { key: 'subject', header: 'Subject', cell: (row) => row.subject, visibleFrom: 'sm' },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge of="ContactMessageStatus" value={row.status} />,
  },
  { key: 'received', header: 'Received', visibleFrom: 'sm', cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time> },
]

const csvColumns: CsvColumn<ContactMessageSummary>[] = [
  { header: 'Reference', value: (row) => row.reference },
  { header: 'Name', value: (row) => row.name },
  { header: 'Email', value: (row) => row.email },
  { header: 'Subject', value: (row) => row.subject },
  { header: 'Status', value: (row) => labelOf('ContactMessageStatus', row.status) },
  { header: 'Received', value: (row) => row.createdAt },
]

function ContactMessagesPage() {
  const { api } = useAppContext()
  const list = useListSearch(contactMessageListSpec, Route.useSearch(), Route.useNavigate())
  const { query } = list
  const messages = useQuery({ ...contactMessagesQueryOptions(api.contactMessages, query), placeholderData: keepPreviousData })
  const counts = messages.data?.statusCounts
  const filterCount = (value: string) => (counts === undefined ? undefined : value === 'open' ? counts.new + counts.read : counts[value as keyof typeof counts])

  return (
    <ListPage
      title="Contact messages"
      intro="Messages sent through the website’s contact form. Open one to read it and reply by email, then mark it handled."
      list={list}
      result={messages}
      filters={
        <>
          <InboxKinds current="messages" />
          <ChipFilter
            label="Status"
            allLabel="All messages"
            allCount={counts ? counts.new + counts.read + counts.handled : undefined}
            options={optionsOf('ContactMessageFilter').map((option) => ({ ...option, count: filterCount(option.value) }))}
            value={query.status}
            onChange={(status) => list.change({ status })}
          />
        </>
      }
      search={{ label: 'Search messages', description: 'By name, email, subject or reference, e.g. MSG-7K3Q9.' }}
      caption="Contact messages"
      columns={columns}
      rowKey={(row) => row.id}
      rowTitle={(row) => (
        <AnchorLink to="/admin/contact-messages/$messageId" params={{ messageId: row.id }} search={true}>
          {row.name}
        </AnchorLink>
      )}
      noun={{ one: 'message', many: 'messages' }}
      empty={{ title: 'No contact messages yet', description: 'Messages sent through the contact page will appear here, newest first.' }}
      noMatch={{ title: 'No messages match these filters', description: 'Try another status, check the spelling of the search, or clear the filters to see everything.' }}
      csv={{ fileName: 'contact-messages.csv', columns: csvColumns, fetchPage: (page, pageSize, purpose) => api.contactMessages.list({ ...query, page, pageSize, purpose }) }}
    />
  )
}
