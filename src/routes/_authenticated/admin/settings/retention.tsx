import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import { retentionRunsQueryOptions, retentionSettingsQueryOptions, type RetentionPeriods, type RetentionSettingsRecord } from '@/api/retention'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { useAppContext } from '@/app/use-app-context'
import { useRecordEdit } from '@/routes/_authenticated/-components/record-form'
import { PublicPageLink } from './-components/public-page-link'
import { SettingsRecordPage, undoChanges } from './-components/settings-record-page'
import { RetentionForm, retentionValues, useRetentionForm } from './-components/retention-form'
import { RetentionRuns } from './-components/retention-runs'

export const Route = createFileRoute('/_authenticated/admin/settings/retention')({
  staticData: { title: 'Data retention' },
  loader: ({ context: { queryClient, api } }) =>
    Promise.all([queryClient.ensureQueryData(retentionSettingsQueryOptions(api.retention)), queryClient.ensureQueryData(retentionRunsQueryOptions(api.retention))]),
  pendingComponent: ArticleSkeleton,
  component: DataRetentionPage,
})

function DataRetentionPage() {
  const { api } = useAppContext()
  const { data: record } = useSuspenseQuery(retentionSettingsQueryOptions(api.retention))
  return (
    <SettingsRecordPage
      title="Data retention"
      record={record}
      intro={
        <>
          How long TEC keeps each kind of record. Once a day the server removes, or anonymises, whatever has reached the end of its time. The{' '}
          <PublicPageLink path="/privacy-notice">privacy notice</PublicPageLink> shows these periods to families as they are saved here, so the two always agree.
        </>
      }
    >
      {/* Each save raises the version: the form opens again at the new one, holding what was saved. */}
      <RetentionEditor key={record.version} record={record} />
      <RetentionRuns />
    </SettingsRecordPage>
  )
}

function RetentionEditor({ record }: { record: RetentionSettingsRecord }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const form = useRetentionForm(retentionValues(record.periods))
  const { save, reload } = useRecordEdit({
    record,
    form,
    formValues: (fresh) => retentionValues(fresh.periods),
    fetchAgain: () =>
      queryClient.fetchQuery({
        ...retentionSettingsQueryOptions(api.retention),
        staleTime: 0,
      }),
    update: (version, input: RetentionPeriods) => api.retention.updateSettings(version, input),
    detailKey: () => queryKeys.retention.settings(),
    // The privacy notice shows the periods: its page sits in the site's family.
    refetch: [queryKeys.site.all],
    onSaved: () => undefined,
  })
  return <RetentionForm form={form} save={save} onReload={reload} cancel={undoChanges(form)} />
}
