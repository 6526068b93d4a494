import { Alert, Button, Checkbox, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconDownload, IconPrinter } from '@tabler/icons-react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { labelOf } from '@shared/labels'
import { personalDataQueryOptions, type PersonalDataExport, type PersonalDataKind } from '@/api/personal-data'
import { selectUser } from '@/machines/auth.selectors'
import { saveBlob } from '@/ui/back-office/csv'
import { BackLabel } from '@/ui/back-office/detail-layout'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { ExportContents, ExportSections, ExportWithheld } from './-components/export-sections'
import { exportQuery, exportSearch, type ExportSearch } from '@/routes/_authenticated/admin/-components/export-search'
import classes from './-components/personal-data.module.css'

export const Route = createFileRoute('/_authenticated/admin/personal-data/')({
  staticData: { title: 'Everything we hold' },
  validateSearch: exportSearch,
  component: PersonalDataPage,
})

/** The way back to the record the export was started from. */
function BackLink({ search }: { search: ExportSearch }) {
  const { kind, id } = search
  const back = (words: string) => <BackLabel>{words}</BackLabel>
  if (kind === 'learner' && id) return <AnchorLink to="/admin/students/$studentId" params={{ studentId: id }}>{back('Back to the learner')}</AnchorLink>
  if (kind === 'tutor' && id) return <AnchorLink to="/admin/tutors/$tutorId" params={{ tutorId: id }}>{back('Back to the tutor')}</AnchorLink>
  if (kind === 'school-contact' && id) return <AnchorLink to="/admin/schools/$schoolId" params={{ schoolId: id }}>{back('Back to the school')}</AnchorLink>
  if (kind === 'registration' && id) {
    return (
      <AnchorLink to="/admin/registrations/$registrationId" params={{ registrationId: id }}>
        {back('Back to the registration')}
      </AnchorLink>
    )
  }
  return <AnchorLink to="/admin/settings/personal-data">{back('Back to personal data requests')}</AnchorLink>
}

/** "Download (zip)": the same export as data.json with a README, saved by the browser; what happened is said beside it. */
function DownloadZip({ search }: { search: ExportSearch & { kind: PersonalDataKind } }) {
  const { api } = useAppContext()
  const download = useMutation({
    mutationFn: async () => {
      const { file, fileName } = await api.personalData.download(exportQuery(search))
      saveBlob(file, fileName)
      return fileName
    },
  })
  const status = download.isPending
    ? 'Preparing the zip…'
    : download.isError
      ? `The zip was not downloaded: ${errorMessage(download.error)}`
      : download.isSuccess
        ? `Downloaded ${download.data}`
        : ''
  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={download.isPending} onClick={() => download.mutate()}>
        Download (zip)
      </Button>
      <Text size="sm" role="status" c={download.isError ? 'var(--mantine-color-error)' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {status}
      </Text>
    </>
  )
}

/** A lead's choice to include safeguarding concerns, off by default, with why they are withheld. */
function IncludeConcerns({ search }: { search: ExportSearch }) {
  const navigate = Route.useNavigate()
  return (
    <Checkbox
      label="Include safeguarding concerns"
      description="Concerns are withheld by default: the law lets us withhold what could put a child at risk (Data Protection Act 2018, Schedule 3). Include them only when you, as a safeguarding lead, have decided that disclosing them to this person is safe."
      checked={search.includeConcerns === true}
      onChange={(event) => void navigate({ search: { ...search, includeConcerns: event.currentTarget.checked ? true : undefined }, replace: true })}
      maw={640}
    />
  )
}

function ExportHeading({ made }: { made: PersonalDataExport | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null)
  // Arriving from a record, focus moves to the heading so screen readers announce the page.
  useEffect(() => heading.current?.focus({ preventScroll: true }), [])
  return (
    <Stack gap={4}>
      <Title order={1} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        Everything we hold{made ? `: ${made.subject.label}` : ''}
      </Title>
      {made && (
        <Text c="dimmed" size="sm">
          {labelOf('PersonalDataKind', made.subject.kind)}
          {made.subject.email ? ` (${made.subject.email})` : ''}. Made <time dateTime={made.madeAt}>{formatDateTime(made.madeAt)}</time> by {made.madeBy.name}; this
          export is recorded in the history and in who opened the record.
          {made.includesConcerns ? ' Safeguarding concerns are included.' : ''}
        </Text>
      )}
    </Stack>
  )
}

function PersonalDataPage() {
  const search = Route.useSearch()
  const { api, auth } = useAppContext()
  const user = useSelector(auth, selectUser)
  const kind = search.kind
  const answer = useQuery({ ...personalDataQueryOptions(api.personalData, exportQuery({ ...search, kind: kind ?? 'learner' })), enabled: kind !== undefined })

  if (kind === undefined) {
    return (
      <Stack gap="md" py="md" className={classes.page}>
        <Text size="sm">
          <BackLink search={search} />
        </Text>
        <ExportHeading made={undefined} />
        <Alert color="blue" variant="light" title="Choose whose data to export">
          Start from the learner, tutor, school or registration page (“Export everything we hold”), or find a contact person by their email address under{' '}
          <AnchorLink to="/admin/settings/personal-data">Settings → Personal data requests</AnchorLink>.
        </Alert>
      </Stack>
    )
  }

  const made = answer.data
  return (
    <Stack gap="lg" py="md" className={classes.page}>
      <Text size="sm" className={classes.screenOnly}>
        <BackLink search={search} />
      </Text>
      <ExportHeading made={made} />
      <Stack gap="sm" className={classes.screenOnly}>
        <Group gap="sm" wrap="wrap">
          <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} disabled={!made}>
            Print
          </Button>
          <DownloadZip search={{ ...search, kind }} />
        </Group>
        {user?.safeguardingLead && <IncludeConcerns search={search} />}
      </Stack>
      {answer.isError ? (
        <LoadFailedAlert what="The export" message={errorMessage(answer.error)} onRetry={() => void answer.refetch()} />
      ) : !made ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the export">
          <Skeleton height={24} width="40%" />
          <Skeleton height={160} />
          <Skeleton height={160} />
        </Stack>
      ) : (
        <>
          <ExportWithheld made={made} />
          <ExportContents made={made} />
          <ExportSections made={made} />
        </>
      )}
    </Stack>
  )
}
