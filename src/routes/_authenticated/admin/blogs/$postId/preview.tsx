import { Alert, Anchor, Group, Stack, Container } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { postPreviewQueryOptions, type PostPreview } from '@/api/blog-post-records'
import { queryKeys } from '@/api/query-keys'
import { BackLabel } from '@/ui/back-office/detail-layout'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDateTime } from '@/ui/format-date-time'
import { statusColor } from '@shared/status-colors'
import { AnchorLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { PostNotFound } from '@/routes/_authenticated/admin/blogs/-components/post-not-found'
import { BlogPostArticle } from '@/components/blog-post-article'
import { PostElsewhere } from '@/routes/_authenticated/admin/blogs/-components/post-preview-article'

export const Route = createFileRoute('/_authenticated/admin/blogs/$postId/preview')({
  staticData: { title: 'Preview', notFoundTitle: 'Post not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    // Always what is saved now: a preview kept from an earlier visit would hide the changes just saved.
    queryClient.removeQueries({ queryKey: queryKeys.blogs.preview(params.postId), exact: true })
    const preview = await loadRecord(queryClient, postPreviewQueryOptions(api.blogPostRecords, params.postId), params.postId)
    return { title: `Preview of ${preview.post.title}`, description: preview.post.excerpt }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: PostNotFound,
  component: PostPreviewPage,
})

/** The banner's words: whether visitors can read the post yet, and from when. */
function bannerWords({ status, post }: PostPreview): { title: string; text: string } {
  if (status === 'scheduled' && post.publishedAt) {
    return { title: `Preview: scheduled for ${formatDateTime(post.publishedAt)}`, text: 'Visitors can read it on the blog from that time, as it is below.' }
  }
  if (status === 'published') return { title: 'Published', text: 'This is the post as visitors read it on the blog.' }
  return { title: 'Preview: this draft is not on the site yet', text: 'This is how the post will look on the blog. Visitors cannot read it until you publish it.' }
}

function PostPreviewPage() {
  const { api } = useAppContext()
  const { postId } = Route.useParams()
  const { data: preview } = useSuspenseQuery(postPreviewQueryOptions(api.blogPostRecords, postId))
  const words = bannerWords(preview)

  return (
    <Stack gap="lg" py="md">
      <Alert color={statusColor('PostStatus', preview.status)} variant="light" title={words.title}>
        {words.text}
        <Group gap="md" mt="sm" wrap="wrap">
          {/* In the banner's colour: the brand blue of links is too faint on the banner's tint in the dark scheme. */}
          <AnchorLink to="/admin/blogs/$postId/edit" params={{ postId }} size="sm" c="inherit">
            <BackLabel>Back to the editor</BackLabel>
          </AnchorLink>
          <AnchorLink to="/admin/blogs/$postId" params={{ postId }} size="sm" c="inherit">
            The post’s page in the office
          </AnchorLink>
          {preview.status === 'published' && (
            <Anchor href={`/blog/${preview.post.id}`} size="sm" c="inherit">
              View on the blog
            </Anchor>
          )}
        </Group>
      </Alert>
      <Container size="md" px={0} w="100%">
        <BlogPostArticle post={preview.post} />
      </Container>
      <PostElsewhere post={preview.post} />
    </Stack>
  )
}
