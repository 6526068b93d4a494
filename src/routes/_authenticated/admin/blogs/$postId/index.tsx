import { Alert, Anchor, Group, Image, List, Stack, Text } from '@mantine/core'
import { IconEye, IconExternalLink, IconPencil } from '@tabler/icons-react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { labelOf } from '@shared/labels'
import { postRecordQueryOptions, type PostRecord } from '@/api/blog-post-records'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink, ButtonLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { RecordHistory } from '@/routes/_authenticated/-components/record-history'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { DeletePost, PostStatusActions } from '@/routes/_authenticated/admin/blogs/-components/post-actions'
import { PostNotFound } from '@/routes/_authenticated/admin/blogs/-components/post-not-found'
import { POST_FIELD_LABELS as LABEL, POST_HISTORY_WORDS, whereOnTheBlog } from '@/routes/_authenticated/admin/blogs/-components/post-words'

export const Route = createFileRoute('/_authenticated/admin/blogs/$postId/')({
  staticData: { title: 'Post', notFoundTitle: 'Post not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const post = await loadRecord(queryClient, postRecordQueryOptions(api.blogPostRecords, params.postId), params.postId)
    return { title: post.fields.title, description: labelOf('PostStatus', post.status) }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: PostNotFound,
  component: PostPage,
})

/** Where the post is on the blog, or when it will be, or why it is not. */
function OnTheBlog({ post }: { post: PostRecord }) {
  if (post.status === 'published') {
    return (
      <Anchor href={post.publicPath}>
        <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
          View on the blog
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    )
  }
  return (
    <Text span size="sm">
      {whereOnTheBlog(post)}
    </Text>
  )
}

/** What the post still needs before it can be published, in the server's words; or that it has everything. */
function Readiness({ post }: { post: PostRecord }) {
  const missing = Object.values(post.missing)
  if (missing.length === 0) {
    if (post.status !== 'draft') return null
    return (
      <Alert color="green" variant="light" title="Ready to publish">
        It has everything the blog shows: publish it now, or schedule it.
      </Alert>
    )
  }
  return (
    <Alert color="yellow" variant="light" title="Before it can be published">
      <List size="sm" spacing={4}>
        {missing.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
      <AnchorLink to="/admin/blogs/$postId/edit" params={{ postId: post.id }} size="sm" mt="xs" display="inline-block">
        Write them in the editor
      </AnchorLink>
    </Alert>
  )
}

function PostPage() {
  const { api } = useAppContext()
  const { postId } = Route.useParams()
  const { data: post } = useSuspenseQuery(postRecordQueryOptions(api.blogPostRecords, postId))
  const { fields } = post

  return (
    <DetailLayout
      back={
        <AnchorLink to="/admin/blogs">
          <BackLabel>Back to the blog posts</BackLabel>
        </AnchorLink>
      }
      title={fields.title}
      badges={
        <StatusBadge of="PostStatus" value={post.status} size="lg" />
      }
      subtitle={
        <>
          Started <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time> · last changed{' '}
          <time dateTime={post.updatedAt}>{formatDateTime(post.updatedAt)}</time>
          {post.publishedAt && (
            <>
              {' '}
              · {post.status === 'scheduled' ? 'due' : 'published'} <time dateTime={post.publishedAt}>{formatDateTime(post.publishedAt)}</time>
            </>
          )}
        </>
      }
      actions={
        <Stack gap="sm">
          <Group gap="sm">
            <ButtonLink to="/admin/blogs/$postId/edit" params={{ postId }} leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </ButtonLink>
            <ButtonLink to="/admin/blogs/$postId/preview" params={{ postId }} variant="default" leftSection={<IconEye size={16} aria-hidden />}>
              Preview
            </ButtonLink>
            <PostStatusActions post={post} />
            <DeletePost post={post} />
          </Group>
          <div>
            <OnTheBlog post={post} />
          </div>
        </Stack>
      }
      aside={<RecordHistory subjectType="blog_post" subjectId={postId} words={POST_HISTORY_WORDS} />}
    >
      <Readiness post={post} />
      <FactCard
        title="The post"
        facts={[
          [LABEL.slug, post.publicPath],
          [LABEL.authorName, fields.authorName || 'Not set yet'],
          [LABEL.excerpt, fields.excerpt || 'Not written yet'],
          [
            LABEL.coverId,
            post.cover ? (
              <Stack gap={4}>
                <Image src={post.cover.url} alt="" w={160} h={107} fit="cover" radius="sm" />
                <Text size="sm">Alt text: {post.cover.alt}</Text>
              </Stack>
            ) : (
              'Not chosen yet'
            ),
          ],
          [LABEL.seoTitle, fields.seoTitle || 'The title, as none is set'],
          [LABEL.seoDescription, fields.seoDescription || 'The excerpt, as none is set'],
        ]}
      />
    </DetailLayout>
  )
}
