import { Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { personalDataMatchesQueryOptions, type PersonalDataMatches } from '@/api/personal-data'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'
import { AnchorLink } from '@/components/links'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { ExportEverythingLink } from '@/routes/_authenticated/admin/-components/export-everything-link'
import { AnonymiseContact } from '@/routes/_authenticated/admin/-components/anonymise-contact'
import { emailProblem, REQUIRED } from '@shared/field-rules'

export const Route = createFileRoute('/_authenticated/admin/settings/personal-data')({
  staticData: { title: 'Personal data requests' },
  validateSearch: (search: Record<string, unknown>): { email?: string } => (typeof search.email === 'string' && search.email.trim() !== '' ? { email: search.email.trim() } : {}),
  component: PersonalDataRequestsPage,
})


function Matches({ matches }: { matches: PersonalDataMatches }) {
  const nothing = matches.learners.length + matches.registrations.length + matches.schoolContacts.length + matches.accounts.length + matches.messages + matches.mail === 0
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Everything held under {matches.email}
          </Title>
          <Text size="sm">
            {nothing
              ? 'Nothing is held under this address. You can still make the export: it says that nothing is held, which answers the request.'
              : `${matches.messages} contact message${matches.messages === 1 ? '' : 's'} and ${matches.mail} mail${matches.mail === 1 ? '' : 's'} sent to the address, and the records below. The export for the address holds the contact details on each learner record, not the learners' own records: export those from each learner.`}
          </Text>
          <Group>
            <ExportEverythingLink search={{ kind: 'contact', email: matches.email }} label="Export everything for this address" />
            {matches.contactName && <AnonymiseContact email={matches.email} name={matches.contactName} />}
          </Group>
        </Stack>
      </Card>
      <MatchList title="Learners naming the address as their contact" empty="No learner names this address.">
        {matches.learners.map((learner) => (
          <MatchItem key={learner.id}>
            <AnchorLink to="/admin/students/$studentId" params={{ studentId: learner.id }}>
              {learner.name}
            </AnchorLink>
            <ExportEverythingLink search={{ kind: 'learner', id: learner.id }} label={`Export everything about ${learner.name}`} size="xs" />
          </MatchItem>
        ))}
      </MatchList>
      <MatchList title="Registrations sent from the address" empty="No registration was sent from this address.">
        {matches.registrations.map((registration) => (
          <MatchItem key={registration.id}>
            <AnchorLink to="/admin/registrations/$registrationId" params={{ registrationId: registration.id }}>
              {registration.reference}
            </AnchorLink>
            <Text span size="sm">
              {registration.name}
            </Text>
            <ExportEverythingLink search={{ kind: 'registration', id: registration.id }} label={`Export registration ${registration.reference}`} size="xs" />
          </MatchItem>
        ))}
      </MatchList>
      <MatchList title="School contacts and safeguarding leads with the address" empty="No school lists this address.">
        {matches.schoolContacts.map((contact) => (
          <MatchItem key={`${contact.schoolId}-${contact.contact ?? 'lead'}`}>
            <Text span size="sm">
              {contact.name}, {contact.contact === undefined ? 'safeguarding lead' : 'contact'} at{' '}
              <AnchorLink to="/admin/schools/$schoolId" params={{ schoolId: contact.schoolId }}>
                {contact.schoolName}
              </AnchorLink>
            </Text>
            {contact.contact !== undefined && (
              <ExportEverythingLink search={{ kind: 'school-contact', id: contact.schoolId, contact: contact.contact }} label={`Export everything about ${contact.name}`} size="xs" />
            )}
          </MatchItem>
        ))}
      </MatchList>
      <MatchList title="Staff accounts with the address" empty="No staff account signs in with this address.">
        {matches.accounts.map((account) => (
          <MatchItem key={account.id}>
            <Text span size="sm">
              {account.name}
            </Text>
            <ExportEverythingLink search={{ kind: 'tutor', id: account.id }} label={`Export everything about ${account.name}`} size="xs" />
          </MatchItem>
        ))}
      </MatchList>
    </Stack>
  )
}

function MatchList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {title}
      </Title>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List spacing="xs">{children}</List>
      )}
    </Stack>
  )
}

/** One record found under the address: its link or name, and the way to export it. */
function MatchItem({ children }: { children: ReactNode }) {
  return (
    <List.Item>
      <Group gap="sm" wrap="wrap">
        {children}
      </Group>
    </List.Item>
  )
}

function PersonalDataRequestsPage() {
  const { api } = useAppContext()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const [email, setEmail] = useState(search.email ?? '')
  const [problem, setProblem] = useState<string | undefined>()
  const field = useRef<HTMLInputElement>(null)
  const matches = useQuery({ ...personalDataMatchesQueryOptions(api.personalData, search.email ?? ''), enabled: search.email !== undefined })

  const find = (event: FormEvent) => {
    event.preventDefault()
    const typed = email.trim()
    const wrong = emailProblem(typed, REQUIRED.enter('the email address the request came from')) ?? undefined
    setProblem(wrong)
    if (wrong) {
      field.current?.focus()
      return
    }
    void navigate({ search: { email: typed } })
  }

  return (
    <Stack gap="lg" pb="md" maw={860}>
      <Stack gap="xs" maw={720}>
        <Title order={1}>Personal data requests</Title>
        <Text>
          When someone asks for a copy of what we hold about them (a subject access request, to be answered within a month), export it from their record: the
          learner, tutor, school or registration page has “Export everything we hold”. For a parent or other contact who writes in, type the address they wrote
          from to see what is held under it.
        </Text>
      </Stack>
      <form onSubmit={find} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            ref={field}
            label="Email address"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={problem}
            w={{ base: '100%', xs: 360 }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Find
          </Button>
        </Group>
      </form>
      {matches.isError && <LoadFailedAlert what="What the address holds" message={errorMessage(matches.error)} onRetry={() => void matches.refetch()} />}
      {matches.data && <Matches matches={matches.data} />}
    </Stack>
  )
}
