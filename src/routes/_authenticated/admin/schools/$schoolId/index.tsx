import { Anchor, Card, Group, List, Stack, Text, Title } from '@mantine/core'
import { IconPencil, IconReportAnalytics } from '@tabler/icons-react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import { schoolQueryOptions, type SchoolRecord } from '@/api/schools'
import { labelOf } from '@shared/labels'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDateTime } from '@/ui/format-date-time'
import { telephoneHref } from '@/ui/telephone-href'
import { AnchorLink, ButtonLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { DeleteRecord } from '@/routes/_authenticated/-components/delete-record'
import { RecordHistory } from '@/routes/_authenticated/-components/record-history'
import { RecordOpenings } from '@/routes/_authenticated/-components/record-openings'
import { PlacementsCard } from '@/routes/_authenticated/admin/-components/placements-card'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { SchoolNotFound } from '@/routes/_authenticated/admin/schools/-components/school-not-found'
import { AnonymiseSchoolContact } from '@/routes/_authenticated/admin/-components/anonymise-buttons'
import { EndFamilyLinks } from '@/routes/_authenticated/admin/-components/end-family-links'
import { ExportEverythingLink } from '@/routes/_authenticated/admin/-components/export-everything-link'
import { SCHOOL_FIELD_LABELS as LABEL, SCHOOL_HISTORY_WORDS } from '@/routes/_authenticated/admin/schools/-components/school-words'
import { mailtoHref } from '@/ui/mailto'

export const Route = createFileRoute('/_authenticated/admin/schools/$schoolId/')({
  staticData: { title: 'School', notFoundTitle: 'School not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const school = await loadRecord(queryClient, schoolQueryOptions(api.schools, params.schoolId), params.schoolId)
    return { title: school.fields.name, description: labelOf('SchoolType', school.fields.type, 'staff') }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: SchoolNotFound,
  component: SchoolPage,
})

function Learners({ school }: { school: SchoolRecord }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="learners-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="learners-title">
          Learners
        </Title>
        {school.students.length === 0 ? (
          <Text size="sm">No learners are linked to this school yet. Choose it as a learner’s partner school on the learner’s page.</Text>
        ) : (
          <List spacing="xs">
            {school.students.map((student) => (
              <List.Item key={student.id}>
                <AnchorLink to="/admin/students/$studentId" params={{ studentId: student.id }}>
                  {student.name}
                </AnchorLink>{' '}
                <Text span size="sm" c="dimmed">
                  ({labelOf('StudentStatus', student.status)})
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  )
}

/** Removing a school asks first; one with learners is refused, and the dialog says why. */
function RemoveSchool({ school }: { school: SchoolRecord }) {
  const { api } = useAppContext()
  const navigate = useNavigate()
  return (
    <DeleteRecord
      verb="Remove"
      noun="school"
      name={school.fields.name}
      explanation="The school’s record goes. The registration it came from stays in the inbox, and its history stays in the audit trail."
      remove={() => api.schools.remove(school.id, school.version)}
      recordKey={queryKeys.schools.detail(school.id)}
      listKey={queryKeys.schools.all}
      leave={() => navigate({ to: '/admin/schools' })}
    />
  )
}

function SchoolPage() {
  const { api } = useAppContext()
  const { schoolId } = Route.useParams()
  const { data: school } = useSuspenseQuery(schoolQueryOptions(api.schools, schoolId))
  const { fields } = school
  const address = [fields.address.line1, fields.address.line2, fields.address.town, fields.address.postcode].filter(Boolean).join(', ')

  return (
    <DetailLayout
      back={
        <AnchorLink to="/admin/schools">
          <BackLabel>Back to schools</BackLabel>
        </AnchorLink>
      }
      title={fields.name}
      subtitle={
        <>
          {labelOf('SchoolType', fields.type, 'staff')} · added <time dateTime={school.createdAt}>{formatDateTime(school.createdAt)}</time>
          {school.registration && (
            <>
              {' '}
              from{' '}
              <AnchorLink to="/admin/registrations/$registrationId" params={{ registrationId: school.registration.id }}>
                {school.registration.reference}
              </AnchorLink>
            </>
          )}
        </>
      }
      actions={
        <Group gap="sm">
          <ButtonLink to="/admin/schools/$schoolId/edit" params={{ schoolId }} leftSection={<IconPencil size={16} aria-hidden />}>
            Edit
          </ButtonLink>
          <ButtonLink to="/admin/schools/$schoolId/summary" params={{ schoolId }} variant="default" leftSection={<IconReportAnalytics size={16} aria-hidden />}>
            Term summary
          </ButtonLink>
          <RemoveSchool school={school} />
        </Group>
      }
      aside={
        <>
          <RecordHistory subjectType="school" subjectId={schoolId} words={SCHOOL_HISTORY_WORDS} />
          <RecordOpenings subjectType="school" subjectId={schoolId} />
        </>
      }
    >
      <FactCard
        title="The school"
        facts={[
          ['Address', address],
          [LABEL.pupilCount, fields.pupilCount],
          [LABEL.notes, fields.notes],
        ]}
      />
      {fields.contacts.map((contact, index) => (
        <FactCard
          key={`${contact.email}-${index}`}
          title={index === 0 ? 'Main contact' : `Contact ${index + 1}`}
          facts={[
            ['Name', `${contact.name}, ${contact.role}`],
            ['Email', <Anchor href={mailtoHref(contact.email)}>{contact.email}</Anchor>],
            ['Phone', <Anchor href={telephoneHref(contact.phone)}>{contact.phone}</Anchor>],
            ['Lesson reports', contact.receivesReports ? 'Mailed the family part of each approved report' : 'Not mailed'],
            ['Family page', contact.receivesReports && <EndFamilyLinks email={contact.email} name={contact.name} />],
            ['Anonymise', <AnonymiseSchoolContact schoolId={schoolId} index={index} contact={contact} />],
            ['Personal data', <ExportEverythingLink search={{ kind: 'school-contact', id: schoolId, contact: index }} label={`Export everything we hold about ${contact.name}`} size="xs" />],
          ]}
        />
      ))}
      <FactCard
        title="Safeguarding lead"
        facts={[
          ['Name', fields.safeguardingLead.name],
          ['Email', <Anchor href={mailtoHref(fields.safeguardingLead.email)}>{fields.safeguardingLead.email}</Anchor>],
          ['Phone', fields.safeguardingLead.phone && <Anchor href={telephoneHref(fields.safeguardingLead.phone)}>{fields.safeguardingLead.phone}</Anchor>],
        ]}
      />
      <Learners school={school} />
      <PlacementsCard
        title="Placements"
        query={{ schoolId }}
        names="both"
        empty="None of the school’s learners is placed with a tutor yet. Place a learner from their page."
      />
    </DetailLayout>
  )
}
