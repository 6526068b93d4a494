import { Alert, Anchor, Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import { IconPencil } from '@tabler/icons-react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { lacksValidCheck, tutorQueryOptions, type TutorRecord } from '@/api/tutors'
import { labelOf } from '@shared/labels'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDate, formatDateTime } from '@/ui/format-date-time'
import { telephoneHref } from '@/ui/telephone-href'
import { AnchorLink, ButtonLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { TableScroller } from '@/ui/back-office/table-scroller'
import { RecordHistory } from '@/routes/_authenticated/-components/record-history'
import { RecordOpenings } from '@/routes/_authenticated/-components/record-openings'
import { PlacementsCard } from '@/routes/_authenticated/admin/-components/placements-card'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { RecordCheck, TutorStatusActions } from '@/routes/_authenticated/admin/tutors/-components/tutor-actions'
import { TutorNotFound } from '@/routes/_authenticated/admin/tutors/-components/tutor-not-found'
import { AnonymiseTutor } from '@/routes/_authenticated/admin/-components/anonymise-buttons'
import { AnonymisedNotice } from '@/routes/_authenticated/admin/-components/anonymised-notice'
import { ExportEverythingLink } from '@/routes/_authenticated/admin/-components/export-everything-link'
import { TutorStatusBadges } from '@/routes/_authenticated/admin/tutors/-components/tutor-status-badges'
import { TUTOR_FIELD_LABELS as LABEL, TUTOR_HISTORY_WORDS } from '@/routes/_authenticated/admin/tutors/-components/tutor-words'
import { mailtoHref } from '@/ui/mailto'

export const Route = createFileRoute('/_authenticated/admin/tutors/$tutorId/')({
  staticData: { title: 'Tutor', notFoundTitle: 'Tutor not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const tutor = await loadRecord(queryClient, tutorQueryOptions(api.tutors, params.tutorId), params.tutorId)
    return { title: tutor.fields.name, description: labelOf('TutorStatus', tutor.status) }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: TutorNotFound,
  component: TutorPage,
})

const staffWords = <Name extends Parameters<typeof labelOf>[0]>(name: Name, values: readonly Parameters<typeof labelOf<Name>>[1][] | undefined) =>
  values && values.length > 0 ? values.map((value) => labelOf(name, value, 'staff')).join(', ') : undefined

/** What the office should do next about this tutor, when anything. */
function NextStep({ tutor }: { tutor: TutorRecord }) {
  if (tutor.status === 'left' || tutor.anonymisedAt) return null
  const steps: string[] = []
  if (tutor.accountDeactivated)
    steps.push('Their account is deactivated, so they cannot sign in or be given learners. An admin can reactivate it in Settings → Staff accounts.')
  if (tutor.status === 'invited') steps.push('They have not chosen a password yet: the invitation link works for 72 hours, then they can use "Forgot your password?" on the sign-in page.')
  if (tutor.fields.subjects.length === 0 || tutor.fields.modes.length === 0) steps.push('Add the subjects they teach and how they teach, so they can be suggested for learners.')
  if (tutor.checkState === 'none') steps.push('Record their safeguarding check: tutors without one are never offered for placements.')
  if (tutor.checkState === 'expired') steps.push('Their newest safeguarding check has expired: record the renewed one before placing learners with them.')
  if (tutor.checkState === 'expiring') steps.push('Their safeguarding check needs renewing within 60 days.')
  if (steps.length === 0) return null
  const urgent = lacksValidCheck(tutor)
  return (
    <Alert
      color={urgent ? 'red' : tutor.checkState === 'expiring' && steps.length === 1 ? 'yellow' : 'blue'}
      variant="light"
      title={urgent ? 'No valid safeguarding check: they may not teach' : 'Next steps'}
    >
      <Stack gap={4}>
        {steps.map((step) => (
          <Text key={step} size="sm">
            {step}
          </Text>
        ))}
      </Stack>
    </Alert>
  )
}

function Checks({ tutor }: { tutor: TutorRecord }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="checks-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={2} size="h3" id="checks-title">
              Safeguarding checks
            </Title>
            <StatusBadge of="CheckState" value={tutor.checkState} />
          </Group>
          {tutor.status !== 'left' && !tutor.anonymisedAt && <RecordCheck tutor={tutor} />}
        </Group>
        {tutor.checks.length === 0 ? (
          <Text size="sm">No check is recorded yet. Record the certificate when you have seen it.</Text>
        ) : (
          <TableScroller label="Safeguarding checks" minWidth={480}>
            <Table>
              <Table.Caption>Newest first; the newest decides whether the tutor can be placed.</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Check</Table.Th>
                  <Table.Th scope="col">Certificate</Table.Th>
                  <Table.Th scope="col">Issued</Table.Th>
                  <Table.Th scope="col">Renew by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tutor.checks.map((check) => (
                  <Table.Tr key={check.id}>
                    <Table.Td>
                      {labelOf('SafeguardingCheckType', check.type)}
                      {check.onUpdateService && (
                        <Text size="xs" c="dimmed">
                          On the Update Service
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{check.reference}</Table.Td>
                    <Table.Td>
                      <time dateTime={check.issuedOn}>{formatDate(check.issuedOn)}</time>
                    </Table.Td>
                    <Table.Td>{check.expiresOn ? <time dateTime={check.expiresOn}>{formatDate(check.expiresOn)}</time> : 'Not set'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroller>
        )}
      </Stack>
    </Card>
  )
}

function TutorPage() {
  const { api } = useAppContext()
  const { tutorId } = Route.useParams()
  const { data: tutor } = useSuspenseQuery(tutorQueryOptions(api.tutors, tutorId))
  const { fields } = tutor
  const yesNo = (value: boolean | undefined) => (value === undefined ? undefined : value ? 'Yes' : 'No')

  return (
    <DetailLayout
      back={
        <AnchorLink to="/admin/tutors">
          <BackLabel>Back to tutors</BackLabel>
        </AnchorLink>
      }
      title={fields.name}
      badges={<TutorStatusBadges tutor={tutor} size="lg" />}
      subtitle={
        <>
          <Anchor href={mailtoHref(tutor.email)} size="sm">
            {tutor.email}
          </Anchor>{' '}
          · added <time dateTime={tutor.createdAt}>{formatDateTime(tutor.createdAt)}</time>
          {tutor.registration && (
            <>
              {' '}
              from{' '}
              <AnchorLink to="/admin/registrations/$registrationId" params={{ registrationId: tutor.registration.id }}>
                {tutor.registration.reference}
              </AnchorLink>
            </>
          )}
          {' · '}
          {tutor.lastSignInAt ? (
            <>
              last signed in <time dateTime={tutor.lastSignInAt}>{formatDateTime(tutor.lastSignInAt)}</time>
            </>
          ) : (
            'never signed in'
          )}
        </>
      }
      actions={
        <Group gap="sm">
          {/* What is left of an anonymised tutor is kept for counts only: nothing on it can be changed (the server refuses). */}
          {!tutor.anonymisedAt && (
            <>
              <ButtonLink to="/admin/tutors/$tutorId/edit" params={{ tutorId }} leftSection={<IconPencil size={16} aria-hidden />}>
                Edit the profile
              </ButtonLink>
              <TutorStatusActions tutor={tutor} />
            </>
          )}
          <AnonymiseTutor tutor={tutor} />
          <ExportEverythingLink search={{ kind: 'tutor', id: tutorId }} />
        </Group>
      }
      aside={
        <>
          <RecordHistory subjectType="tutor" subjectId={tutorId} words={TUTOR_HISTORY_WORDS} />
          <RecordOpenings subjectType="tutor" subjectId={tutorId} />
        </>
      }
    >
      {tutor.anonymisedAt && <AnonymisedNotice at={tutor.anonymisedAt} what="tutor" />}
      <NextStep tutor={tutor} />
      <FactCard
        title="Teaching"
        facts={[
          [LABEL.subjects, fields.subjects.join(', ')],
          [LABEL.levels, staffWords('StudyLevel', fields.levels)],
          [LABEL.modes, staffWords('DeliveryMode', fields.modes)],
          [LABEL.travelArea, fields.travelArea],
          [LABEL.maxTravelMiles, fields.maxTravelMiles],
          [LABEL['availability.days'], fields.availability?.days.map((day) => labelOf('Weekday', day)).join(', ')],
          [LABEL['availability.times'], fields.availability?.times.map((time) => labelOf('TimeOfDay', time)).join(', ')],
          [LABEL.hoursPerWeek, fields.hoursPerWeek],
        ]}
      />
      <Checks tutor={tutor} />
      <PlacementsCard
        title="Learners placed"
        query={{ tutorId }}
        names="student"
        actions
        empty="No learners are placed with this tutor yet. Place a learner from their page: tutors who fit are suggested there."
      />
      <FactCard
        title="Contact"
        facts={[
          ['Email', <Anchor href={mailtoHref(tutor.email)}>{tutor.email}</Anchor>],
          [LABEL.phone, fields.phone && <Anchor href={telephoneHref(fields.phone)}>{fields.phone}</Anchor>],
          [LABEL.postcode, fields.postcode],
        ]}
      />
      <FactCard
        title="Qualifications and experience"
        facts={[
          [LABEL.highestQualification, fields.highestQualification && labelOf('HighestQualification', fields.highestQualification, 'staff')],
          [LABEL.qualifiedTeacher, yesNo(fields.qualifiedTeacher)],
          [LABEL.qualifications, fields.qualifications],
          [LABEL.experienceYears, fields.experienceYears],
          [LABEL.experience, fields.experience],
        ]}
      />
      <FactCard title="Office notes" facts={[[LABEL.notes, fields.notes]]} />
    </DetailLayout>
  )
}
