import { Stack, Text, Title } from '@mantine/core'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { queryKeys } from '@/api/query-keys'
import { selectUser } from '@/machines/auth.selectors'
import { FormSection } from '@/ui/form-section'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { RecordForm, useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { PostAuthorField, postFormValues, PostTitleAndSlug, toPostInput, usePostForm } from './-components/post-form'

export const Route = createFileRoute('/_authenticated/admin/blogs/new')({
  staticData: { title: 'Write a post' },
  component: NewPostPage,
})

/** A title is all a draft needs: the post starts here and is written in its editor, which saves as you go. */
function NewPostPage() {
  const { api, auth } = useAppContext()
  const navigate = useNavigate()
  const user = useSelector(auth, selectUser)
  // Whoever starts the post is its author until someone changes it.
  const form = usePostForm(postFormValues({ authorName: user?.name ?? '' }), { complete: false })
  const save = useSaveRecord({
    save: api.blogPostRecords.create,
    detailKey: (post) => queryKeys.blogs.record(post.id),
    refetch: [queryKeys.blogs.all],
    success: 'The draft has been started',
    onSaved: (post) => navigate({ to: '/admin/blogs/$postId/edit', params: { postId: post.id } }),
  })
  return (
    <Stack gap="lg" py="md" maw={880}>
      <Stack gap="xs">
        <Title order={1}>Write a post</Title>
        <Text>Give the post its title to start the draft, which only the office sees. You write the rest in the editor, where the draft saves on its own.</Text>
      </Stack>
      <RecordForm form={form} save={save} toInput={toPostInput} submitLabel="Start the draft" cancel={<AnchorLink to="/admin/blogs">Cancel</AnchorLink>}>
        <FormSection title="The post">
          <PostTitleAndSlug form={form} slugFollowsTitle />
          <PostAuthorField form={form} required={false} />
        </FormSection>
      </RecordForm>
    </Stack>
  )
}
