import { Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { sitePageRecordsQueryOptions, type SitePageRecord } from '@/api/site-settings-records'
import { DataTable, type DataColumn } from '@/ui/back-office/data-table'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { LastChanged } from '@/routes/_authenticated/admin/settings/-components/last-changed'
import { PublicPageLink } from '@/routes/_authenticated/admin/settings/-components/public-page-link'

export const Route = createFileRoute('/_authenticated/admin/settings/pages/')({
  staticData: { title: 'Pages' },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(sitePageRecordsQueryOptions(api.siteSettingsRecords)),
  pendingComponent: ArticleSkeleton,
  component: SitePagesPage,
})

const columns: DataColumn<SitePageRecord>[] = [
  // The title is the row's link to its editor, shown by the table first in this column.
  { key: 'title', header: 'Page', cell: () => null },
  { key: 'address', header: 'On the site', cell: (page) => <PublicPageLink path={page.publicPath}>{page.publicPath}</PublicPageLink> },
  { key: 'changed', header: 'Last changed', cell: (page) => <LastChanged updatedAt={page.updatedAt} updatedBy={page.updatedBy} />, visibleFrom: 'sm' },
]

function SitePagesPage() {
  const { api } = useAppContext()
  const { data } = useSuspenseQuery(sitePageRecordsQueryOptions(api.siteSettingsRecords))
  return (
    <Stack gap="lg" pb="md">
      <Stack gap="xs" maw={720}>
        <Title order={1}>Pages</Title>
        <Text>
          The site’s own pages, linked from the foot of every page. The privacy notice is also linked from every form of the site, and the safeguarding policy
          from the tutor application. Choose a page to edit it; saved changes show on the site at once.
        </Text>
      </Stack>
      <DataTable
        caption="Pages"
        columns={columns}
        rows={data.items}
        rowKey={(page) => page.slug}
        rowTitle={(page) => (
          <AnchorLink to="/admin/settings/pages/$pageSlug" params={{ pageSlug: page.slug }}>
            {page.fields.title}
          </AnchorLink>
        )}
        rowLinked
        loading={false}
        empty={{ title: 'No pages', description: 'The site’s pages could not be found. Reload to try again.' }}
      />
    </Stack>
  )
}
