import { Card, List, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { isApiError } from '@/api/errors'
import { registrationQueryOptions, type Registration } from '@/api/registrations'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { NotFoundView } from '@/ui/not-found-view'
import { formatDateTime } from '@/ui/format-date-time'
import { RegistrationActions } from './-components/registration-actions'
import { ExportEverythingLink } from '@/routes/_authenticated/admin/-components/export-everything-link'
import { EraseRegistration } from '@/routes/_authenticated/admin/-components/erase-buttons'
import { RegistrationAnswers } from './-components/registration-answers'
import { RegistrationHistory, RegistrationNotesList } from './-components/registration-history'
import { labelOf } from '@shared/labels'
import { RegistrationNoteForm } from './-components/registration-note-form'
import { AnchorLink } from '@/components/links'
import { RouterLink } from '@/components/router-link'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { UUID_PATTERN } from '@shared/uuid'

export const Route = createFileRoute('/_authenticated/admin/registrations/$registrationId')({
  staticData: { title: 'Registration', notFoundTitle: 'Registration not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    // An id that cannot be one is not found without asking the server (which would answer 400).
    if (!UUID_PATTERN.test(params.registrationId)) throw notFound()
    try {
      const registration = await queryClient.ensureQueryData(registrationQueryOptions(api.registrations, params.registrationId))
      return { title: `${registration.name} (${registration.reference})`, description: labelOf('RegistrationType', registration.type) }
    } catch (error) {
      if (isApiError(error) && error.status === 404) throw notFound()
      throw error
    }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: RegistrationNotFound,
  component: RegistrationPage,
})

function RegistrationNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that registration"
      message="The address may be mistyped or incomplete. Search the inbox by name, email or reference instead."
      action={{ to: '/admin/registrations', label: 'Go to registrations' }}
    />
  )
}

function RegistrationPage() {
  const { api } = useAppContext()
  const { registrationId } = Route.useParams()
  const { data: registration } = useSuspenseQuery(registrationQueryOptions(api.registrations, registrationId))

  return (
    <DetailLayout
      back={
        // The inbox's filters live in the address; the way back keeps them.
        <AnchorLink to="/admin/registrations" search={true}>
          <BackLabel>Back to registrations</BackLabel>
        </AnchorLink>
      }
      title={registration.name}
      badges={
        <>
          <StatusBadge of="RegistrationStatus" value={registration.status} size="lg" />
          <StatusBadge color="gray" variant="outline" size="lg">
            {labelOf('RegistrationType', registration.type)}
          </StatusBadge>
        </>
      }
      subtitle={
        <>
          Reference <strong>{registration.reference}</strong> · {registration.email} · received{' '}
          <time dateTime={registration.createdAt}>{formatDateTime(registration.createdAt)}</time>
        </>
      }
      actions={
        <Stack gap="sm" align="flex-start">
          <RegistrationActions registration={registration} />
          <ExportEverythingLink search={{ kind: 'registration', id: registration.id }} />
          <EraseRegistration registration={registration} />
        </Stack>
      }
      aside={
        <>
          <CreatedRecords registration={registration} />
          <RegistrationHistory registration={registration} />
          <Card withBorder padding="md" component="section" aria-labelledby="notes-title">
            <Stack gap="md">
              <Title order={2} size="h3" id="notes-title">
                Notes
              </Title>
              <RegistrationNotesList registration={registration} />
              <RegistrationNoteForm registration={registration} />
            </Stack>
          </Card>
        </>
      }
    >
      <RegistrationAnswers registration={registration} />
    </DetailLayout>
  )
}

/** What accepting made, linked to its page (a tutor account to the tutors' list). */
function CreatedRecords({ registration }: { registration: Registration }) {
  const { student, school, tutor } = registration.created
  if (!student && !school && !tutor) return null
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="created-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="created-title">
          Created from this registration
        </Title>
        <List spacing="xs">
          {student && (
            <List.Item>
              Student:{' '}
              <AnchorLink to="/admin/students/$studentId" params={{ studentId: student.id }}>
                {student.name}
              </AnchorLink>
              {' · '}
              <AnchorLink to="/admin/students/$studentId/place" params={{ studentId: student.id }}>
                Place {student.name} with a tutor
              </AnchorLink>
            </List.Item>
          )}
          {school && (
            <List.Item>
              School:{' '}
              <AnchorLink to="/admin/schools/$schoolId" params={{ schoolId: school.id }}>
                {school.name}
              </AnchorLink>
            </List.Item>
          )}
          {tutor && (
            <List.Item>
              Tutor account:{' '}
              <AnchorLink to="/admin/tutors/$tutorId" params={{ tutorId: tutor.id }}>
                {tutor.name}
              </AnchorLink>{' '}
              <Text span size="sm" c="dimmed">
                ({tutor.email})
              </Text>
            </List.Item>
          )}
        </List>
      </Stack>
    </Card>
  )
}
