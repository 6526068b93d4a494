import { Button, Chip, Container, EmptyState, Group, Select, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useId } from 'react'
import { ENUMS, PARAMETERS } from '@shared/contract.gen'
import { labelOf, optionsOf } from '@shared/labels'
import { coursesQueryOptions, type CourseFilter, type CourseSummary, type DeliveryMode } from '@/api/courses'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { CourseList } from '@/routes/_public/-components/course-list'
import { ButtonLink } from '@/components/links'
import { PageSection } from '@/routes/_public/-components/page-section'
import { useAppContext } from '@/app/use-app-context'

/** `?mode=` and `?subject=`: a delivery mode of the contract, and a subject within its length; anything else is dropped. */
function courseListSearch(search: Record<string, unknown>): { mode?: DeliveryMode; subject?: string } {
  const mode = ENUMS.DeliveryMode.find((value) => value === search.mode)
  const subject = typeof search.subject === 'string' ? search.subject.trim() : ''
  const { maxLength } = PARAMETERS.listCourses.subject
  return { ...(mode ? { mode } : {}), ...(subject !== '' && subject.length <= maxLength ? { subject } : {}) }
}

/** Every published course, whatever the filters: the subjects to choose from come from it. */
const ALL_COURSES: CourseFilter = {}
const ALL = 'all'

export const Route = createFileRoute('/_public/courses/')({
  staticData: {
    title: 'Courses',
    loadFailure: 'the courses',
    description: 'Every TEC course: taught at home, in schools, online and in community venues, from early reading to GCSE revision. Find one by how it is taught or by subject.',
  },
  validateSearch: courseListSearch,
  loaderDeps: ({ search }) => ({ mode: search.mode, subject: search.subject }),
  loader: ({ context: { queryClient, api }, deps }) =>
    Promise.all([queryClient.ensureQueryData(coursesQueryOptions(api.courses, deps)), queryClient.ensureQueryData(coursesQueryOptions(api.courses, ALL_COURSES))]),
  pendingComponent: () => <ContentSkeleton cards={6} />,
  component: CoursesPage,
})

/** The subjects the courses teach, each once (whatever its case), A to Z. */
function subjectsOf(courses: CourseSummary[]): string[] {
  const byKey = new Map<string, string>()
  for (const subject of courses.flatMap((course) => course.subjects)) if (!byKey.has(subject.toLowerCase())) byKey.set(subject.toLowerCase(), subject)
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en-GB'))
}

/** "Maths courses taught online", "Courses taught at home", "All courses". */
function headingFor(mode: DeliveryMode | undefined, subject: string | undefined): string {
  if (!mode && !subject) return 'All courses'
  return `${subject ? `${subject} courses` : 'Courses'}${mode ? ` taught ${labelOf('DeliveryMode', mode).toLowerCase()}` : ''}`
}

function ModeFilter({ value, onChange }: { value: DeliveryMode | undefined; onChange: (mode: DeliveryMode | undefined) => void }) {
  const labelId = useId()
  return (
    <Stack gap={4}>
      <Text component="span" id={labelId} size="sm" fw={500}>
        How it is taught
      </Text>
      <Chip.Group<false> multiple={false} value={value ?? ALL} onChange={(next) => onChange(next === ALL ? undefined : (next as DeliveryMode))}>
        <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
          <Chip value={ALL}>Any way</Chip>
          {optionsOf('DeliveryMode').map((option) => (
            <Chip key={option.value} value={option.value}>
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  )
}

function CoursesPage() {
  const { api } = useAppContext()
  const { mode, subject } = Route.useLoaderDeps()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(coursesQueryOptions(api.courses, { mode, subject }))
  const { data: all } = useSuspenseQuery(coursesQueryOptions(api.courses, ALL_COURSES))
  const subjects = subjectsOf(all.items)
  // The subject in the address shows as the list spells it; one no course teaches still shows, so it can be cleared.
  const chosenSubject = subject === undefined ? null : (subjects.find((name) => name.toLowerCase() === subject.toLowerCase()) ?? subject)
  const subjectOptions = chosenSubject === null || subjects.includes(chosenSubject) ? subjects : [chosenSubject, ...subjects]
  const filtered = mode !== undefined || subject !== undefined
  const change = (next: { mode?: DeliveryMode | undefined; subject?: string | undefined }) =>
    void navigate({ search: (previous) => courseListSearch({ ...previous, ...next }), resetScroll: false })
  const count = data.items.length

  return (
    <Container py="xl">
      <Stack gap="xl">
        <Stack gap="md" maw={720}>
          <Title order={1}>Courses</Title>
          <Text size="lg">Courses taught live by TEC tutors: at home, in schools, online and in community venues. Choose how you would like to learn, or a subject.</Text>
        </Stack>
        {all.items.length > 0 && (
          <Group role="search" aria-label="Filter the courses" gap="lg" align="flex-end" wrap="wrap">
            <ModeFilter value={mode} onChange={(next) => change({ mode: next })} />
            <Select
              label="Subject"
              placeholder="Any subject"
              data={subjectOptions}
              value={chosenSubject}
              onChange={(next) => change({ subject: next ?? undefined })}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear subject' }}
              searchable
              nothingFoundMessage="No course teaches that subject"
              w={{ base: '100%', xs: 260 }}
            />
          </Group>
        )}
        <PageSection title={headingFor(mode, subject)}>
          <Text role="status" size="sm" c="dimmed">
            {filtered ? `${count} ${count === 1 ? 'course matches' : 'courses match'} your choice.` : `${count} ${count === 1 ? 'course' : 'courses'}.`}
          </Text>
          {filtered && count === 0 ? (
            <EmptyState
              title="No course is taught that way yet"
              description="Clear the filters to see every course, or enrol in a subject instead: a tutor teaches it at home, at school, online or in the community."
            >
              <EmptyState.Actions>
                <Button variant="light" onClick={() => void navigate({ search: {}, resetScroll: false })}>
                  Clear the filters
                </Button>
                <ButtonLink to="/subject-enroll" variant="default">
                  Enrol in a subject
                </ButtonLink>
              </EmptyState.Actions>
            </EmptyState>
          ) : (
            <CourseList courses={data.items} emptyTitle="No courses are open right now" />
          )}
        </PageSection>
      </Stack>
    </Container>
  )
}
