import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import { termCalendarQueryOptions, type TermCalendar, type TermCalendarRecord } from '@/api/term-calendar'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { useAppContext } from '@/app/use-app-context'
import { useRecordEdit } from '@/routes/_authenticated/-components/record-form'
import { SettingsRecordPage, undoChanges } from './-components/settings-record-page'
import { TermDatesForm, termDatesValues, useTermDatesForm } from './-components/term-dates-form'

export const Route = createFileRoute('/_authenticated/admin/settings/term-dates')({
  staticData: { title: 'Term dates' },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(termCalendarQueryOptions(api.termCalendar)),
  pendingComponent: ArticleSkeleton,
  component: TermDatesPage,
})

function TermDatesPage() {
  const { api } = useAppContext()
  const { data: record } = useSuspenseQuery(termCalendarQueryOptions(api.termCalendar))
  return (
    <SettingsRecordPage
      title="Term dates"
      record={record}
      intro="The terms and holidays TEC works to. Tutors see them when they plan, and a weekly series leaves the holidays out. Lessons already planned stay as they are."
    >
      {/* Each save raises the version: the form opens again at the new one, holding what was saved. */}
      <TermDatesEditor key={record.version} record={record} />
    </SettingsRecordPage>
  )
}

function TermDatesEditor({ record }: { record: TermCalendarRecord }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const form = useTermDatesForm(termDatesValues(record))
  const { save, reload } = useRecordEdit({
    record,
    form,
    formValues: (fresh) => termDatesValues(fresh),
    fetchAgain: () => queryClient.fetchQuery({ ...termCalendarQueryOptions(api.termCalendar), staleTime: 0 }),
    update: (version, input: TermCalendar) => api.termCalendar.update(version, input),
    detailKey: () => queryKeys.termCalendar.record(),
    refetch: [queryKeys.termCalendar.all],
    onSaved: () => undefined,
  })
  return <TermDatesForm form={form} save={save} onReload={reload} cancel={undoChanges(form)} />
}
