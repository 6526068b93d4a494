import { Anchor, Group } from '@mantine/core'
import { IconPencil, IconUserPlus } from '@tabler/icons-react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { studentQueryOptions, type StudentRecord } from '@/api/students'
import { labelOf } from '@shared/labels'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDateTime } from '@/ui/format-date-time'
import { telephoneHref } from '@/ui/telephone-href'
import { AnchorLink, ButtonLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { RecordHistory } from '@/routes/_authenticated/-components/record-history'
import { RecordOpenings } from '@/routes/_authenticated/-components/record-openings'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { PlacementsCard } from '@/routes/_authenticated/admin/-components/placements-card'
import { ConcernOnRecord } from '@/routes/_authenticated/admin/students/-components/concern-on-record'
import { EndFamilyLinks } from '@/routes/_authenticated/admin/-components/end-family-links'
import { ExportEverythingLink } from '@/routes/_authenticated/admin/-components/export-everything-link'
import { StudentNotFound } from '@/routes/_authenticated/admin/students/-components/student-not-found'
import { AnonymiseStudent } from '@/routes/_authenticated/admin/-components/anonymise-buttons'
import { AnonymisedNotice } from '@/routes/_authenticated/admin/-components/anonymised-notice'
import { STUDENT_FIELD_LABELS as LABEL, STUDENT_HISTORY_WORDS } from '@/routes/_authenticated/admin/students/-components/student-words'
import { mailtoHref } from '@/ui/mailto'

export const Route = createFileRoute('/_authenticated/admin/students/$studentId/')({
  staticData: { title: 'Learner', notFoundTitle: 'Learner not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const student = await loadRecord(queryClient, studentQueryOptions(api.students, params.studentId), params.studentId)
    return { title: student.fields.name, description: labelOf('StudentStatus', student.fields.status) }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: StudentNotFound,
  component: StudentPage,
})

const staff = <Name extends Parameters<typeof labelOf>[0]>(name: Name, value: Parameters<typeof labelOf<Name>>[1] | undefined) =>
  value === undefined ? undefined : labelOf(name, value, 'staff')

function LearnerFacts({ student }: { student: StudentRecord }) {
  const { fields } = student
  const school = student.school ? (
    <AnchorLink to="/admin/schools/$schoolId" params={{ schoolId: student.school.id }}>
      {student.school.name}
    </AnchorLink>
  ) : (
    fields.schoolName
  )
  return (
    <FactCard
      title="The learner"
      facts={[
        [LABEL.age, fields.age],
        [LABEL.yearGroup, staff('SchoolYear', fields.yearGroup)],
        ['School', school],
        [LABEL.subjects, student.course ? `${student.course.title} (${fields.subjects.join(', ')})` : fields.subjects.join(', ')],
        [LABEL.level, staff('StudyLevel', fields.level)],
        [LABEL.deliveryMode, staff('DeliveryMode', fields.deliveryMode)],
        [LABEL['availability.days'], fields.availability?.days.map((day) => labelOf('Weekday', day)).join(', ')],
        [LABEL['availability.times'], fields.availability?.times.map((time) => labelOf('TimeOfDay', time)).join(', ')],
      ]}
    />
  )
}

function ContactFacts({ student }: { student: StudentRecord }) {
  const { contact, address } = student.fields
  return (
    <FactCard
      title="Contact"
      facts={[
        [LABEL['contact.name'], contact.name],
        [LABEL['contact.relationship'], staff('ContactRelationship', contact.relationship)],
        [LABEL['contact.email'], <Anchor href={mailtoHref(contact.email)}>{contact.email}</Anchor>],
        [LABEL['contact.phone'], <Anchor href={telephoneHref(contact.phone)}>{contact.phone}</Anchor>],
        [LABEL['contact.preferredContact'], staff('PreferredContact', contact.preferredContact)],
        ['Address', address && [address.line1, address.line2, address.town, address.postcode].filter(Boolean).join(', ')],
        ['Family page', student.anonymisedAt === undefined && <EndFamilyLinks email={contact.email} name={contact.name} />],
      ]}
    />
  )
}

function StudentPage() {
  const { api } = useAppContext()
  const { studentId } = Route.useParams()
  const { data: student } = useSuspenseQuery(studentQueryOptions(api.students, studentId))
  const { fields } = student
  // What is left of an anonymised learner is kept for counts only: nothing on it can be changed (the server refuses).
  const changeable = student.anonymisedAt === undefined

  return (
    <DetailLayout
      back={
        <AnchorLink to="/admin/students">
          <BackLabel>Back to learners</BackLabel>
        </AnchorLink>
      }
      title={fields.name}
      badges={
        <StatusBadge of="StudentStatus" value={fields.status} size="lg" />
      }
      subtitle={
        <>
          Added <time dateTime={student.createdAt}>{formatDateTime(student.createdAt)}</time>
          {student.registration && (
            <>
              {' '}
              from{' '}
              <AnchorLink to="/admin/registrations/$registrationId" params={{ registrationId: student.registration.id }}>
                {student.registration.reference}
              </AnchorLink>
            </>
          )}{' '}
          · last changed <time dateTime={student.updatedAt}>{formatDateTime(student.updatedAt)}</time>
        </>
      }
      actions={
        <Group gap="sm">
          {changeable && (fields.status === 'waiting' || fields.status === 'active') && (
            <ButtonLink to="/admin/students/$studentId/place" params={{ studentId }} leftSection={<IconUserPlus size={16} aria-hidden />}>
              Place with a tutor
            </ButtonLink>
          )}
          {changeable && (
            <ButtonLink to="/admin/students/$studentId/edit" params={{ studentId }} leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </ButtonLink>
          )}
          <AnonymiseStudent student={student} />
          <ExportEverythingLink search={{ kind: 'learner', id: studentId }} />
        </Group>
      }
      aside={
        <>
          <RecordHistory subjectType="student" subjectId={studentId} words={STUDENT_HISTORY_WORDS} />
          <RecordOpenings subjectType="student" subjectId={studentId} />
        </>
      }
    >
      {student.anonymisedAt && <AnonymisedNotice at={student.anonymisedAt} what="learner" />}
      <ConcernOnRecord student={student} />
      <PlacementsCard
        title="Tutors"
        query={{ studentId }}
        names="tutor"
        actions
        empty={
          fields.status === 'waiting'
            ? `${fields.name} is waiting for a tutor. Use “Place with a tutor” to see the tutors who fit best.`
            : `${fields.name} has no placements yet.`
        }
      />
      <LearnerFacts student={student} />
      <ContactFacts student={student} />
      <FactCard
        title="Goals, needs and notes"
        facts={[
          [LABEL.goals, fields.goals],
          [LABEL.needs, fields.needs],
          [LABEL.notesForTutors, fields.notesForTutors],
        ]}
      />
    </DetailLayout>
  )
}
