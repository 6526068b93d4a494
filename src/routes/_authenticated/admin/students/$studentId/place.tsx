import { Alert, Button, Card, Checkbox, Grid, Group, List, NumberInput, Select, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconCheck, IconX } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { LIMITS } from '@shared/contract.gen'
import { REQUIRED } from '@shared/field-rules'
import { labelOf, optionsOf } from '@shared/labels'
import { statusColor } from '@shared/status-colors'
import { PLACEMENT_FAMILIES, suggestionsQueryOptions, type PlacementInput, type TutorSuggestion } from '@/api/placements'
import { invalidateFamilies } from '@/api/query-keys'
import { studentQueryOptions, type StudentRecord } from '@/api/students'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { toast } from '@/ui/toasts'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { UnsavedChangesGuard } from '@/routes/_authenticated/-components/unsaved-changes-guard'
import { reasonText } from '@/routes/_authenticated/admin/-components/placement-words'
import { StudentNotFound } from '@/routes/_authenticated/admin/students/-components/student-not-found'
import { PlaceDialog } from '@/routes/_authenticated/admin/students/-components/place-dialog'

export const Route = createFileRoute('/_authenticated/admin/students/$studentId/place')({
  staticData: { title: 'Place with a tutor', notFoundTitle: 'Learner not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const student = await loadRecord(queryClient, studentQueryOptions(api.students, params.studentId), params.studentId)
    return { title: `Place ${student.fields.name} with a tutor` }
  },
  pendingComponent: ArticleSkeleton,
  notFoundComponent: StudentNotFound,
  component: PlacePage,
})

type Mode = PlacementInput['mode']
type Frequency = PlacementInput['frequency']

interface LessonValues extends Record<string, unknown> {
  subject: string
  mode: Mode
  frequency: Frequency
  lessonCount: number | string
  /** A LessonMinutes value as text, or null once the field is cleared. */
  lessonMinutes: string | null
  notes: string
  /** Whether the placement is part of the learner's course, when they enrolled on one. */
  forCourse: boolean
}

function lessonValues(student: StudentRecord): LessonValues {
  return {
    subject: student.fields.subjects[0] ?? '',
    mode: student.fields.deliveryMode,
    frequency: 'weekly',
    lessonCount: '',
    lessonMinutes: '60',
    notes: '',
    forCourse: student.course !== undefined,
  }
}

/** The placement as this form has it; the first lesson's day and time are settled in the dialog. */
function toLessons(studentId: string, tutorId: string, values: LessonValues, courseId: string | undefined): Omit<PlacementInput, 'startsOn' | 'startTime'> {
  return {
    studentId,
    tutorId,
    subject: values.subject,
    ...(courseId === undefined ? {} : { courseId }),
    mode: values.mode,
    frequency: values.frequency,
    ...(typeof values.lessonCount === 'number' ? { lessonCount: values.lessonCount } : {}),
    ...(values.lessonMinutes === null || values.lessonMinutes === '' ? {} : { lessonMinutes: Number(values.lessonMinutes) as PlacementInput['lessonMinutes'] }),
    ...(values.notes.trim() === '' ? {} : { notes: values.notes.trim() }),
  }
}

const hours = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'hour' : 'hours'}`

/** What the tutor offers a week, and what their current placements already take. */
function loadText({ hoursPerWeek, placed }: TutorSuggestion): string {
  const offered = hoursPerWeek === undefined ? 'Hours a week not given' : `Offers ${hours(hoursPerWeek)} a week`
  const teaching = placed.learners === 0 ? 'no learners placed yet' : `${placed.learners} ${placed.learners === 1 ? 'learner' : 'learners'} placed, about ${hours(placed.hoursPerWeek)} a week`
  return `${offered} · ${teaching}`
}

function Suggestion({ suggestion, mode, onPlace }: { suggestion: TutorSuggestion; mode: Mode; onPlace: () => void }) {
  const { tutor } = suggestion
  const full = suggestion.hoursPerWeek !== undefined && suggestion.placed.hoursPerWeek >= suggestion.hoursPerWeek
  return (
    <Card withBorder padding="sm" component="li" aria-label={tutor.name}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2}>
            <AnchorLink to="/admin/tutors/$tutorId" params={{ tutorId: tutor.id }} fw={600}>
              {tutor.name}
            </AnchorLink>
            <Group gap={6}>
              <StatusBadge color="blue" variant="light">
                Fit {suggestion.score}/100
              </StatusBadge>
              <StatusBadge color={statusColor('CheckState', tutor.checkState)} date={{ words: 'renew by', on: tutor.checkExpiresOn }}>
                Check: {labelOf('CheckState', tutor.checkState, 'short')}
              </StatusBadge>
              {tutor.status === 'invited' && <StatusBadge of="TutorStatus" value={tutor.status} />}
            </Group>
            <Text size="sm" c={full ? 'var(--mantine-color-orange-text)' : undefined}>
              {loadText(suggestion)}
              {full && ': their hours are taken'}
            </Text>
          </Stack>
          <Button onClick={onPlace}>Place with {tutor.name}</Button>
        </Group>
        <List spacing={2} size="sm" listStyleType="none" aria-label={`Why ${tutor.name} is suggested`}>
          {suggestion.reasons.map((reason) => (
            <List.Item
              key={reason.factor}
              icon={reason.met ? <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden /> : <IconX size={16} color="var(--mantine-color-gray-7)" aria-hidden />}
            >
              <span>{reasonText(reason, mode)}</span>
              <Text span size="xs" c="dimmed">
                {' '}
                ({reason.points} points)
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  )
}

function PlacePage() {
  const { api } = useAppContext()
  const { studentId } = Route.useParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: student } = useSuspenseQuery(studentQueryOptions(api.students, studentId))
  const [chosen, setChosen] = useState<TutorSuggestion | null>(null)
  const form = useForm<LessonValues>({
    mode: 'controlled',
    initialValues: lessonValues(student),
    validate: { subject: (value) => (value === '' ? REQUIRED.choose('the subject') : null) },
  })
  const { subject, mode } = form.getValues()
  const suggestions = useQuery({ ...suggestionsQueryOptions(api.placements, studentId, { subject, mode }), enabled: subject !== '' })
  const place = useMutation({
    mutationFn: (input: PlacementInput) => api.placements.create(input),
    onSuccess: async (placement) => {
      await invalidateFamilies(queryClient, PLACEMENT_FAMILIES)
      toast.success(`${placement.student.name} is placed with ${placement.tutor.name}`)
      await navigate({ to: '/admin/students/$studentId', params: { studentId } })
    },
  })
  /** Checks the lessons' details, then opens the dialog that settles the first lesson and shows the mails. */
  const choose = (suggestion: TutorSuggestion) => {
    if (form.validate().hasErrors) return
    place.reset()
    setChosen(suggestion)
  }
  const values = form.getValues()
  const subjects = student.fields.subjects.map((value) => ({ value, label: value }))
  const items = suggestions.data?.items

  return (
    <Stack gap="lg" py="md" maw={880}>
      <AnchorLink to="/admin/students/$studentId" params={{ studentId }}>
        Back to {student.fields.name}
      </AnchorLink>
      <Title order={1}>Place {student.fields.name} with a tutor</Title>
      {/* Leaving with the lessons' details changed asks first; placing goes to the learner's page without asking. */}
      <UnsavedChangesGuard unsaved={() => !place.isPending && !place.isSuccess && form.isDirty()} />
      <Card withBorder padding="md" component="section" aria-labelledby="lessons-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="lessons-title">
            The lessons
          </Title>
          <form noValidate onSubmit={(event) => event.preventDefault()}>
            <Grid gap="md">
              <Grid.Col span={{ base: 24, sm: 12 }}>
                <Select label="Subject" required allowDeselect={false} data={subjects} {...form.getInputProps('subject')} />
              </Grid.Col>
              <Grid.Col span={{ base: 24, sm: 12 }}>
                <Select label="Where the lessons happen" required allowDeselect={false} data={optionsOf('DeliveryMode', 'staff')} {...form.getInputProps('mode')} />
              </Grid.Col>
              <Grid.Col span={{ base: 24, sm: 12 }}>
                <Select label="How often" required allowDeselect={false} data={optionsOf('LessonFrequency', 'staff')} {...form.getInputProps('frequency')} />
              </Grid.Col>
              <Grid.Col span={{ base: 24, sm: 12 }}>
                <NumberInput label="Number of lessons" description="When known" min={LIMITS.PlacementInput.lessonCount.minimum} max={LIMITS.PlacementInput.lessonCount.maximum} allowDecimal={false} {...form.getInputProps('lessonCount')} />
              </Grid.Col>
              <Grid.Col span={{ base: 24, sm: 12 }}>
                <Select label="Lesson length" data={optionsOf('LessonMinutes')} clearable {...form.getInputProps('lessonMinutes')} />
              </Grid.Col>
              {student.course && (
                <Grid.Col span={24}>
                  <Checkbox label={`Part of the course ${student.course.title}`} {...form.getInputProps('forCourse', { type: 'checkbox' })} />
                </Grid.Col>
              )}
              <Grid.Col span={24}>
                <Textarea
                  label="Notes for the tutor"
                  description="Sent to the tutor in the placement mail: where, when, what to start with."
                  autosize
                  minRows={2}
                  maxLength={LIMITS.PlacementInput.notes.maxLength}
                  {...form.getInputProps('notes')}
                />
              </Grid.Col>
            </Grid>
          </form>
        </Stack>
      </Card>

      {chosen && (
        <PlaceDialog
          learner={student.fields.name}
          suggestion={chosen}
          lessons={toLessons(studentId, chosen.tutor.id, values, values.forCourse ? student.course?.id : undefined)}
          action={place}
          onClose={() => setChosen(null)}
          onRefused={() => suggestions.refetch()}
        />
      )}

      <Stack gap="sm" component="section" aria-labelledby="suggestions-title">
        <Title order={2} size="h3" id="suggestions-title">
          Suggested tutors
        </Title>
        <Text size="sm">
          Best fit first, by subject and level, way of teaching, area and free time; you choose the first lesson and read both mails before anything is sent. Paused and left
          tutors, deactivated accounts and tutors without a current safeguarding check are never offered.
        </Text>
        {suggestions.isError ? (
          <Alert color="red" variant="light" role="alert" title="The suggestions could not be loaded">
            {suggestions.error.message}
          </Alert>
        ) : items === undefined ? (
          <Skeleton height={120} aria-busy="true" aria-label="Loading the suggestions" role="status" />
        ) : items.length === 0 ? (
          <Alert variant="light" title="No tutor can be offered yet">
            {suggestions.data?.notOffered ?? 0} tutors are left out (paused, left, deactivated, without a current safeguarding check, or already teaching {student.fields.name}{' '}
            {subject}). <AnchorLink to="/admin/tutors">Find a tutor</AnchorLink> to record their check, or <AnchorLink to="/admin/tutors/new">invite one</AnchorLink>.
          </Alert>
        ) : (
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Suggested tutors, best first">
            {items.map((suggestion) => (
              <Suggestion
                key={suggestion.tutor.id}
                suggestion={suggestion}
                mode={mode}
                onPlace={() => choose(suggestion)}
              />
            ))}
          </Stack>
        )}
        {items !== undefined && items.length > 0 && (suggestions.data?.notOffered ?? 0) > 0 && (
          <Text size="sm" c="dimmed">
            {suggestions.data?.notOffered} more tutors are not offered: paused, left, deactivated, without a current safeguarding check, or already teaching this subject to{' '}
            {student.fields.name}.
          </Text>
        )}
      </Stack>
    </Stack>
  )
}
