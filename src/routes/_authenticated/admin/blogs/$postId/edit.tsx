import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core'
import { IconEye } from '@tabler/icons-react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { postRecordQueryOptions } from '@/api/blog-post-records'
import { BackLabel } from '@/ui/back-office/detail-layout'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatTime } from '@/ui/format-date-time'
import { AnchorLink, ButtonLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { UnsavedChangesGuard } from '@/routes/_authenticated/-components/unsaved-changes-guard'
import { PostFields, postFormValues, usePostForm } from '@/routes/_authenticated/admin/blogs/-components/post-form'
import { PostNotFound } from '@/routes/_authenticated/admin/blogs/-components/post-not-found'
import { usePostSave, type SaveState } from '@/routes/_authenticated/admin/blogs/-components/use-post-save'

export const Route = createFileRoute('/_authenticated/admin/blogs/$postId/edit')({
  staticData: { title: 'Edit post', notFoundTitle: 'Post not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const post = await loadRecord(queryClient, postRecordQueryOptions(api.blogPostRecords, params.postId), params.postId)
    return { title: `Edit ${post.fields.title}` }
  },
  pendingComponent: ArticleSkeleton,
  notFoundComponent: PostNotFound,
  component: EditPostPage,
})

/** The status line's words: what the last save did, or what is waiting to be saved. */
function statusWords(state: SaveState, { autosave, unsaved }: { autosave: boolean; unsaved: boolean }): string {
  if (state.kind === 'saving') return 'Saving…'
  if (state.kind === 'failed') return `Not saved: ${state.reason}`
  if (state.kind === 'conflict') return 'Not saved: someone else changed this post.'
  // A draft about to save on its own keeps saying when it last did, rather than announcing every pause in typing.
  if (unsaved && !autosave) return 'Changes not saved yet.'
  if (state.kind === 'saved') return `Saved at ${formatTime(state.at)}`
  return autosave ? 'Changes save on their own as you write.' : 'No changes yet.'
}

const INTRO = {
  draft: 'Only the office sees a draft. It saves on its own a couple of seconds after you stop typing.',
  scheduled: 'The post is scheduled, so nothing saves on its own: save your changes when they are finished, and it goes out with them.',
  published: 'The post is on the blog, so nothing saves on its own: visitors see your changes once you save them.',
} as const

function EditPostPage() {
  const { api } = useAppContext()
  const { postId } = Route.useParams()
  const { data: post } = useSuspenseQuery(postRecordQueryOptions(api.blogPostRecords, postId))
  const complete = post.status !== 'draft'
  const form = usePostForm(postFormValues(post.fields, post.cover), { complete })
  const { state, autosave, save, reload } = usePostSave({ post, form })
  const unsaved = form.isDirty()

  return (
    <Stack gap="lg" py="md" maw={880}>
      <Text size="sm">
        <AnchorLink to="/admin/blogs/$postId" params={{ postId }}>
          <BackLabel>Back to the post</BackLabel>
        </AnchorLink>
      </Text>
      <Stack gap="xs">
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1}>Edit {post.fields.title}</Title>
          <StatusBadge of="PostStatus" value={post.status} size="lg" />
        </Group>
        <Text>{INTRO[post.status]}</Text>
      </Stack>

      {state.kind === 'conflict' && (
        <Alert color="red" variant="light" role="alert" title="Someone else changed this post while you were editing it">
          {state.message} Reloading shows the post as it is now; your changes since the last save are lost, so copy anything you want to keep first.
          <Button mt="sm" display="block" variant="light" color="red" onClick={() => void reload()}>
            Reload the post
          </Button>
        </Alert>
      )}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void save({ announce: !autosave })
        }}
      >
        <Stack gap="lg">
          <PostFields form={form} complete={complete} />
          {/* Stays in view at the foot of the screen, so saving and its outcome are never a scroll away. */}
          <Group
            gap="sm"
            py="sm"
            pos="sticky"
            bottom={0}
            bg="var(--mantine-color-body)"
            style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Button type="submit" variant={autosave ? 'default' : 'filled'} loading={state.kind === 'saving'} disabled={state.kind === 'conflict'}>
              {autosave ? 'Save now' : 'Save the changes'}
            </Button>
            {/* Not loaded ahead on hover: the preview must show the post as saved on the way there. */}
            <ButtonLink to="/admin/blogs/$postId/preview" params={{ postId }} preload={false} variant="light" leftSection={<IconEye size={16} aria-hidden />}>
              Preview
            </ButtonLink>
            <Text size="sm" role="status" aria-live="polite" c={state.kind === 'failed' || state.kind === 'conflict' ? 'red' : 'dimmed'}>
              {statusWords(state, { autosave, unsaved })}
            </Text>
          </Group>
        </Stack>
      </form>

      {/* A draft saves itself on the way out; a published or scheduled post asks, since saving it changes the blog. */}
      <UnsavedChangesGuard unsaved={() => form.isDirty()} saveFirst={autosave ? () => save() : undefined} />
    </Stack>
  )
}
