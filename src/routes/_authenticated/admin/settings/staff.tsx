import { Box, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { labelOf, optionsOf } from '@shared/labels'
import { staffAccountsQueryOptions, type StaffAccount } from '@/api/staff'
import { selectUser } from '@/machines/auth.selectors'
import type { DataColumn } from '@/ui/back-office/data-table'
import { ChipFilter, SegmentedFilter } from '@/ui/back-office/filter-bar'
import { resolveListSearch, validateListSearch, type ResolvedListSearch } from '@/ui/back-office/list-search'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { staffListSpec } from '@/routes/_authenticated/-components/list-specs'
import { InviteAdmin, StaffRowActions } from './-components/staff-actions'

export const Route = createFileRoute('/_authenticated/admin/settings/staff')({
  staticData: { title: 'Staff accounts' },
  validateSearch: (search) => validateListSearch(staffListSpec, search),
  loaderDeps: ({ search }) => resolveListSearch(staffListSpec, search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(staffAccountsQueryOptions(api.staff, apiQuery(deps)))
  },
  component: StaffAccountsPage,
})

type StaffListSearch = ResolvedListSearch<(typeof staffListSpec)['filters'], never>

/** What listStaffAccounts takes: search, role, status and page. */
function apiQuery({ q, role, status, page, pageSize }: Pick<StaffListSearch, 'q' | 'role' | 'status' | 'page' | 'pageSize'>) {
  return { ...(q ? { q } : {}), ...(role ? { role } : {}), ...(status ? { status } : {}), page, pageSize }
}

/** The columns, with your own row told apart: it has no changes to offer. */
function staffColumns(yourId: string | undefined, youAreLead: boolean): DataColumn<StaffAccount, never>[] {
  return [
    {
      key: 'account',
      header: 'Name',
      cell: (account) => (
        <>
          {/* A long address breaks rather than pushing the table wider than a phone. */}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {account.email}
          </Text>
          {/* The role column is hidden on narrow screens: the role shows here instead. */}
          <Text size="xs" c="dimmed" hiddenFrom="md">
            {labelOf('Role', account.role)}
          </Text>
          {account.safeguardingLead && (
            <Box mt={4}>
              <StatusBadge color="grape" size="sm">
                Safeguarding lead
              </StatusBadge>
            </Box>
          )}
        </>
      ),
    },
    { key: 'role', header: 'Role', visibleFrom: 'md', cell: (account) => labelOf('Role', account.role) },
    {
      key: 'status',
      header: 'Status',
      cell: (account) => <StatusBadge of="StaffStatus" value={account.status} />,
    },
    { key: 'secondFactor', header: 'Second step', visibleFrom: 'md', cell: (account) => (account.secondFactor ? 'On' : 'Off') },
    {
      key: 'lastSignIn',
      header: 'Last signed in',
      visibleFrom: 'lg',
      cell: (account) => (account.lastSignInAt ? <time dateTime={account.lastSignInAt}>{formatDateTime(account.lastSignInAt)}</time> : 'Never'),
    },
    { key: 'actions', header: 'Changes', cell: (account) => <StaffRowActions account={account} isYou={account.id === yourId} youAreLead={youAreLead} /> },
  ]
}

function StaffAccountsPage() {
  const { api, auth } = useAppContext()
  const you = useSelector(auth, selectUser)
  const list = useListSearch(staffListSpec, Route.useSearch(), Route.useNavigate())
  const rows = useQuery({ ...staffAccountsQueryOptions(api.staff, apiQuery(list.query)), placeholderData: keepPreviousData })

  return (
    <ListPage
      title="Staff accounts"
      intro={
        <>
          Everyone who can sign in to the office (admins) or to the tutor area (tutors), by name. Invite admins here; tutors are added from{' '}
          <AnchorLink to="/admin/tutors">Tutors</AnchorLink> or by accepting their application. Your own account is changed by another admin. Designated
          safeguarding leads, the only staff who read safeguarding concerns, are marked; a lead gives or takes the mark.
        </>
      }
      list={list}
      result={rows}
      search={{ label: 'Search accounts', description: 'By name or email.' }}
      filters={
        <>
          <SegmentedFilter label="Role" allLabel="Everyone" options={optionsOf('Role')} value={list.query.role} onChange={(role) => list.change({ role })} />
          {/* The chips say what each status means; they wrap on a phone, where the badges in the table stay short. */}
          <ChipFilter label="Status" allLabel="Any status" options={optionsOf('StaffStatus', 'staff')} value={list.query.status} onChange={(status) => list.change({ status })} />
        </>
      }
      caption="Staff accounts"
      columns={staffColumns(you?.id, you?.safeguardingLead ?? false)}
      rowKey={(account) => account.id}
      rowTitle={(account) => account.name}
      rowLinked={false}
      actions={<InviteAdmin youAreLead={you?.safeguardingLead ?? false} />}
      noun={{ one: 'account', many: 'accounts' }}
      empty={{
        title: 'No accounts yet',
        description: 'Invite an admin to share the office with (the button above), or add tutors from the Tutors screen.',
      }}
      noMatch={{
        title: 'No accounts match',
        description: 'Check the spelling, search by email instead, or choose another role or status. Tutors who applied show here once their application is accepted.',
      }}
    />
  )
}
