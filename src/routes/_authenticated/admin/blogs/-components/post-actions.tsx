import { Button, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconArrowBackUp, IconCalendarTime, IconWorldUpload } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { lessonInstant, londonDay, londonTime } from '@shared/lesson-time'
import type { PostRecord, PostStatusChange } from '@/api/blog-post-records'
import { queryKeys } from '@/api/query-keys'
import { formatDateTime } from '@/ui/format-date-time'
import { useAppContext } from '@/app/use-app-context'
import { ActionForm } from '@/routes/_authenticated/-components/action-form'
import { DeleteRecord } from '@/routes/_authenticated/-components/delete-record'
import { useSaveRecord } from '@/routes/_authenticated/-components/record-form'

const HOUR_MS = 3_600_000

/** A moment as a date-time field holds it ("2026-03-03T14:05"): London's clock, the one the office reads everywhere. */
function londonFieldValue(instant: Date): string {
  return `${londonDay(instant)}T${londonTime(instant)}`
}

/** The moment a date-time field's value names, read on London's clock; undefined while it is incomplete. */
function instantOf(value: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value)
  return match?.[1] && match[2] ? lessonInstant(match[1], match[2]) : undefined
}

/** The change of status, saved with the version the page shows and put in the cache with the post's list and history. */
function useStatusChange(post: PostRecord, done: string) {
  const { api } = useAppContext()
  return useSaveRecord({
    save: (change: PostStatusChange) => api.blogPostRecords.changeStatus(post.id, post.version, change),
    detailKey: (saved) => queryKeys.blogs.record(saved.id),
    refetch: [queryKeys.blogs.all],
    success: done,
    onSaved: () => undefined,
  })
}

interface MoveWords {
  button: string
  title: string
  explain: string
  submit: string
  done: string
}

/** Publish now, or take back to draft: a dialog that says what happens, with nothing to fill in. */
function StatusMove({ post, to, words }: { post: PostRecord; to: 'published' | 'draft'; words: MoveWords }) {
  const queryClient = useQueryClient()
  const [opened, setOpened] = useState(false)
  const form = useForm({ mode: 'controlled', initialValues: {} })
  const action = useStatusChange(post, words.done)
  const Icon = to === 'published' ? IconWorldUpload : IconArrowBackUp
  return (
    <>
      <Button variant={to === 'published' ? 'filled' : 'light'} leftSection={<Icon size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {words.button}
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={words.title}
        form={form}
        action={action}
        toInput={(): PostStatusChange => ({ status: to })}
        submitLabel={words.submit}
        onRefused={() => queryClient.invalidateQueries({ queryKey: queryKeys.blogs.record(post.id) })}
      >
        <Text>{words.explain}</Text>
      </ActionForm>
    </>
  )
}

/** Schedule, or change a scheduled post's time: when, on London's clock, an hour from now unless it has one. */
function ScheduleMove({ post }: { post: PostRecord }) {
  const queryClient = useQueryClient()
  const [opened, setOpened] = useState(false)
  const rescheduling = post.status === 'scheduled' && post.publishedAt !== undefined
  const form = useForm({
    mode: 'controlled',
    initialValues: { publishAt: '' },
    validate: {
      publishAt: (value) => {
        const instant = instantOf(value)
        if (!instant) return 'Choose when to publish the post: a date and a time.'
        return instant.getTime() <= Date.now() ? 'Choose a date and time still to come.' : null
      },
    },
  })
  const action = useStatusChange(post, 'The post is scheduled')
  const open = () => {
    // Each opening proposes a time from now, so a dialog left open long ago does not offer one already past.
    const proposed = rescheduling && post.publishedAt ? new Date(post.publishedAt) : new Date(Date.now() + HOUR_MS)
    form.setInitialValues({ publishAt: londonFieldValue(proposed) })
    form.reset()
    setOpened(true)
  }
  return (
    <>
      <Button variant="light" leftSection={<IconCalendarTime size={16} aria-hidden />} onClick={open}>
        {rescheduling ? 'Change the time' : 'Schedule'}
      </Button>
      <ActionForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={rescheduling ? `Change when ${post.fields.title} is published?` : `Schedule ${post.fields.title}?`}
        form={form}
        action={action}
        toInput={(values): PostStatusChange => ({ status: 'scheduled', publishAt: instantOf(values.publishAt)?.toISOString() ?? values.publishAt })}
        submitLabel="Schedule the post"
        onRefused={() => queryClient.invalidateQueries({ queryKey: queryKeys.blogs.record(post.id) })}
      >
        <Text>It stays off the blog until then, and goes on by itself at that time, at the top of the list of posts. You can still edit it meanwhile; it must stay complete.</Text>
        <TextInput
          label="Publish on"
          description="The date and time, on London’s clock. It must be still to come."
          type="datetime-local"
          required
          min={londonFieldValue(new Date())}
          {...form.getInputProps('publishAt')}
        />
      </ActionForm>
    </>
  )
}

/** The moves open to a post in each status, each after a dialog that says what it does to the blog. */
export function PostStatusActions({ post }: { post: PostRecord }) {
  const title = post.fields.title
  if (post.status === 'published') {
    return (
      <StatusMove
        post={post}
        to="draft"
        words={{
          button: 'Unpublish',
          title: `Unpublish ${title}?`,
          explain: 'It leaves the blog at once and goes back to draft, which only the office sees. Its text and history stay, and you can publish it again.',
          submit: 'Unpublish the post',
          done: 'The post is back to draft',
        }}
      />
    )
  }
  const due = post.status === 'scheduled' && post.publishedAt ? formatDateTime(post.publishedAt) : undefined
  return (
    <>
      <StatusMove
        post={post}
        to="published"
        words={{
          button: due ? 'Publish now' : 'Publish',
          title: `Publish ${title}?`,
          explain: `It goes on the blog at once, at ${post.publicPath}, at the top of the list of posts${due ? `, instead of on ${due}` : ''}. Visitors and search engines can read it from then on.`,
          submit: 'Publish the post',
          done: 'The post is published',
        }}
      />
      <ScheduleMove post={post} />
      {due && (
        <StatusMove
          post={post}
          to="draft"
          words={{
            button: 'Unschedule',
            title: `Unschedule ${title}?`,
            explain: `It will not go on the blog on ${due}. It goes back to draft, which only the office sees, until you publish or schedule it again.`,
            submit: 'Back to draft',
            done: 'The post is back to draft',
          }}
        />
      )}
    </>
  )
}

/** Deleting a post asks first; one on the blog is refused, and the dialog says to unpublish it first. */
export function DeletePost({ post }: { post: PostRecord }) {
  const { api } = useAppContext()
  const navigate = useNavigate()
  return (
    <DeleteRecord
      verb="Delete"
      noun="post"
      name={post.fields.title}
      explanation="The post goes for good, with its text. Its images stay in the media library, and its history stays in the audit trail. A post on the blog cannot be deleted: unpublish it first."
      remove={() => api.blogPostRecords.remove(post.id, post.version)}
      recordKey={queryKeys.blogs.record(post.id)}
      listKey={queryKeys.blogs.all}
      leave={() => navigate({ to: '/admin/blogs' })}
    />
  )
}
