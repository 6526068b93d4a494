import { Stack, Text, Title } from '@mantine/core'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import { sitePageRecordQueryOptions, type PageSlug, type SitePageInput, type SitePageRecord } from '@/api/site-settings-records'
import { BackLabel } from '@/ui/back-office/detail-layout'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { AnchorLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { isPageSlug } from '@/site/site-pages'
import { useAppContext } from '@/app/use-app-context'
import { useRecordEdit } from '@/routes/_authenticated/-components/record-form'
import { LastChanged } from '@/routes/_authenticated/admin/settings/-components/last-changed'
import { PublicPageLink } from '@/routes/_authenticated/admin/settings/-components/public-page-link'
import { RetentionNote } from '@/routes/_authenticated/admin/settings/-components/retention-note'
import { SitePageForm, sitePageValues, useSitePageForm } from '@/routes/_authenticated/admin/settings/-components/site-page-form'
import { SitePageNotFound } from '@/routes/_authenticated/admin/settings/-components/site-page-not-found'

export const Route = createFileRoute('/_authenticated/admin/settings/pages/$pageSlug')({
  staticData: { title: 'Edit page', notFoundTitle: 'Page not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    // Only the three pages exist: any other address is not found without asking the server.
    if (!isPageSlug(params.pageSlug)) throw notFound()
    const page = await queryClient.ensureQueryData(sitePageRecordQueryOptions(api.siteSettingsRecords, params.pageSlug))
    return { title: `Edit ${page.fields.title}`, description: `The office’s editor of ${page.publicPath}` }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: SitePageNotFound,
  component: EditSitePagePage,
})

function EditSitePagePage() {
  const { api } = useAppContext()
  const { pageSlug } = Route.useParams()
  // The loader let only a page's slug through.
  const { data: page } = useSuspenseQuery(sitePageRecordQueryOptions(api.siteSettingsRecords, pageSlug as PageSlug))
  return (
    <Stack gap="lg" pb="md" maw={880}>
      <Text size="sm">
        <AnchorLink to="/admin/settings/pages">
          <BackLabel>Back to the pages</BackLabel>
        </AnchorLink>
      </Text>
      <Stack gap="xs">
        <Title order={1}>Edit {page.fields.title}</Title>
        <Text>
          Visitors read it at <PublicPageLink path={page.publicPath}>{page.publicPath}</PublicPageLink>. Saved changes show there at once, with the day
          of the change as “Last updated”.
        </Text>
        {page.slug === 'privacy-notice' && <RetentionNote />}
        <Text size="sm" c="dimmed">
          <LastChanged updatedAt={page.updatedAt} updatedBy={page.updatedBy} />
        </Text>
      </Stack>
      {/* Each save raises the version: the form opens again at the new one, holding what was saved. */}
      <SitePageEditor key={page.version} page={page} />
    </Stack>
  )
}

function SitePageEditor({ page }: { page: SitePageRecord }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const form = useSitePageForm(sitePageValues(page.fields))
  const { save, reload } = useRecordEdit({
    record: page,
    form,
    formValues: (fresh) => sitePageValues(fresh.fields),
    fetchAgain: () => queryClient.fetchQuery({ ...sitePageRecordQueryOptions(api.siteSettingsRecords, page.slug), staleTime: 0 }),
    update: (version, input: SitePageInput) => api.siteSettingsRecords.updatePage(page.slug, version, input),
    detailKey: (saved) => queryKeys.site.pageRecord(saved.slug),
    // The list of pages and the public page sit in the same family, so both show the change.
    refetch: [queryKeys.site.all],
    onSaved: () => undefined,
  })
  return <SitePageForm form={form} save={save} onReload={reload} cancel={<PublicPageLink path={page.publicPath}>See it on the site</PublicPageLink>} />
}
