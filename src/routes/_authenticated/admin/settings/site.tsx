import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { siteSettingsRecordQueryOptions, type SiteSettingsInput, type SiteSettingsRecord } from '@/api/site-settings-records'
import { queryKeys } from '@/api/query-keys'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { useAppContext } from '@/app/use-app-context'
import { useRecordEdit } from '@/routes/_authenticated/-components/record-form'
import { SettingsRecordPage, undoChanges } from './-components/settings-record-page'
import { SiteDetailsForm, siteDetailsValues, useSiteDetailsForm } from './-components/site-details-form'

export const Route = createFileRoute('/_authenticated/admin/settings/site')({
  staticData: { title: 'Site details' },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(siteSettingsRecordQueryOptions(api.siteSettingsRecords)),
  pendingComponent: ArticleSkeleton,
  component: SiteDetailsPage,
})

function SiteDetailsPage() {
  const { api } = useAppContext()
  const { data: record } = useSuspenseQuery(siteSettingsRecordQueryOptions(api.siteSettingsRecords))
  return (
    <SettingsRecordPage
      title="Site details"
      record={record}
      intro={
        <>
          How the public site presents TEC: the contact details and address, the figures on the home and about pages, and the links to TEC’s social media. Saved changes show on the
          site at once.
        </>
      }
    >
      {/* Each save raises the version: the form opens again at the new one, holding what was saved. */}
      <SiteDetailsEditor key={record.version} record={record} />
    </SettingsRecordPage>
  )
}

function SiteDetailsEditor({ record }: { record: SiteSettingsRecord }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const form = useSiteDetailsForm(siteDetailsValues(record.settings))
  const { save, reload } = useRecordEdit({
    record,
    form,
    formValues: (fresh) => siteDetailsValues(fresh.settings),
    fetchAgain: () =>
      queryClient.fetchQuery({
        ...siteSettingsRecordQueryOptions(api.siteSettingsRecords),
        staleTime: 0,
      }),
    update: (version, input: SiteSettingsInput) => api.siteSettingsRecords.updateSettings(version, input),
    detailKey: () => queryKeys.site.settingsRecord(),
    // The public settings sit in the same family: the footer, contact, home and about pages show the change.
    refetch: [queryKeys.site.all],
    onSaved: () => undefined,
  })
  return <SiteDetailsForm form={form} save={save} onReload={reload} cancel={undoChanges(form)} />
}
