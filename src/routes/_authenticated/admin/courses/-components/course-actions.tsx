import { Button, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconArchive, IconArrowBackUp, IconWorldUpload } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { CourseRecord, CourseStatus } from '@/api/course-records'
import { queryKeys } from '@/api/query-keys'
import { useAppContext } from '@/app/use-app-context'
import { ActionForm } from '@/routes/_authenticated/-components/action-form'
import { DeleteRecord } from '@/routes/_authenticated/-components/delete-record'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'

interface MoveWords {
  button: string
  title: (title: string) => string
  explain: (course: CourseRecord) => string
  submit: string
  done: string
  danger: boolean
}

const MOVES: Record<CourseStatus, MoveWords> = {
  published: {
    button: 'Publish',
    title: (title) => `Publish ${title}?`,
    explain: (course) =>
      `It shows on the site at once, at ${course.publicPath}, and families can enrol in it. ${course.fields.featured ? 'It is featured, so it shows on the home page too.' : ''}`.trim(),
    submit: 'Publish the course',
    done: 'The course is published',
    danger: false,
  },
  draft: {
    button: 'Unpublish',
    title: (title) => `Take ${title} back to draft?`,
    explain: () => 'It leaves the site at once and cannot be enrolled in; only the office sees it. Its enrolments, placements and history stay. You can publish it again.',
    submit: 'Back to draft',
    done: 'The course is back to draft',
    danger: false,
  },
  archived: {
    button: 'Archive',
    title: (title) => `Archive ${title}?`,
    explain: () => 'It leaves the site and cannot be enrolled in. Its enrolments, placements and history stay on record. You can publish it again later.',
    submit: 'Archive the course',
    done: 'The course is archived',
    danger: true,
  },
}

const ICONS = { published: IconWorldUpload, draft: IconArrowBackUp, archived: IconArchive } as const

/** The moves open to a course in each status; any status can follow any other. */
const MOVES_FROM: Record<CourseStatus, CourseStatus[]> = {
  draft: ['published', 'archived'],
  published: ['draft', 'archived'],
  archived: ['published', 'draft'],
}

function StatusMove({ course, to }: { course: CourseRecord; to: CourseStatus }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const [opened, setOpened] = useState(false)
  const words = MOVES[to]
  const Icon = ICONS[to]
  const form = useForm({ mode: 'controlled', initialValues: {} })
  const action = useSaveRecord({
    save: (status: CourseStatus) => api.courseRecords.changeStatus(course.id, course.version, status),
    detailKey: (saved) => queryKeys.courses.record(saved.id),
    refetch: [queryKeys.courses.all],
    success: words.done,
    onSaved: () => undefined,
  })
  // From an archived course, going back to draft is not "unpublishing".
  const button = to === 'draft' && course.status === 'archived' ? 'Back to draft' : to === 'published' && course.status === 'archived' ? 'Publish again' : words.button
  return (
    <>
      <Button
        variant={to === 'published' ? 'filled' : words.danger ? 'outline' : 'light'}
        color={words.danger ? 'red' : undefined}
        leftSection={<Icon size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {button}
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={words.title(course.fields.title)}
        form={form}
        action={action}
        toInput={() => to}
        submitLabel={words.submit}
        danger={words.danger}
        onRefused={() => queryClient.invalidateQueries({ queryKey: queryKeys.courses.record(course.id) })}
      >
        <Text>{words.explain(course)}</Text>
      </ActionForm>
    </>
  )
}

/** Publish, unpublish or archive, each after a dialog that says what it does. */
export function CourseStatusActions({ course }: { course: CourseRecord }) {
  return (
    <>
      {MOVES_FROM[course.status].map((to) => (
        <StatusMove key={to} course={course} to={to} />
      ))}
    </>
  )
}

/** Deleting a course asks first; one with enrolments or placements is refused, and the dialog says to archive it. */
export function DeleteCourse({ course }: { course: CourseRecord }) {
  const { api } = useAppContext()
  const navigate = useNavigate()
  return (
    <DeleteRecord
      verb="Delete"
      noun="course"
      name={course.fields.title}
      explanation="The course goes for good, with its text. Only a course nobody enrolled in or was placed on can be deleted; archive one that has records instead. Its history stays in the audit trail."
      remove={() => api.courseRecords.remove(course.id, course.version)}
      recordKey={queryKeys.courses.record(course.id)}
      listKey={queryKeys.courses.all}
      leave={() => navigate({ to: '/admin/courses' })}
    />
  )
}
