import { Container, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { IconArrowLeft } from '@tabler/icons-react'
import { blogPostQueryOptions } from '../api/blogs'
import { ArticleSkeleton } from '../ui/content-skeleton'
import { ResponsiveImage } from '../ui/responsive-image'
import { RichTextBody } from './-components/rich-text-body'
import { BlogPostNotFound } from './-components/blog-post-not-found'
import { AnchorLink } from './-components/links'
import { formatDate } from './-lib/format-date'
import { loadBySlug } from './-lib/load-by-slug'
import { headFrom } from './-lib/page-head'
import { useAppContext } from './-lib/use-app-context'

export const Route = createFileRoute('/_public/blog/$postId')({
  staticData: { title: 'Blog', notFoundTitle: 'Blog post not found', loadFailure: 'this post' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const post = await loadBySlug(params.postId, (postId) => queryClient.ensureQueryData(blogPostQueryOptions(api.blogs, postId)))
    return { title: post.title, description: post.excerpt }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: BlogPostNotFound,
  component: BlogPostPage,
})

function BlogPostPage() {
  const { api } = useAppContext()
  const { postId } = Route.useParams()
  const { data: post } = useSuspenseQuery(blogPostQueryOptions(api.blogs, postId))

  return (
    <Container size="md" py="xl">
      <Stack component="article" gap="lg">
        <AnchorLink to="/blog" size="sm">
          <IconArrowLeft size={14} aria-hidden /> All posts
        </AnchorLink>
        <Stack gap="xs">
          <Title order={1}>{post.title}</Title>
          <Text c="dimmed">
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> · {post.authorName}
          </Text>
        </Stack>
        <ResponsiveImage image={post.coverImage} eager />
        <RichTextBody html={post.bodyHtml} />
        <AnchorLink to="/blog">
          Back to the blog
        </AnchorLink>
      </Stack>
    </Container>
  )
}
