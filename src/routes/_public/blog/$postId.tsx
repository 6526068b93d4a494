import { Container } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { IconArrowLeft } from '@tabler/icons-react'
import { blogPostQueryOptions } from '@/api/blog-posts'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { BlogPostArticle } from '@/components/blog-post-article'
import { BlogPostNotFound } from '@/routes/_public/-components/blog-post-not-found'
import { AnchorLink } from '@/components/links'
import { loadBySlug } from '@/app/load-by-slug'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'

export const Route = createFileRoute('/_public/blog/$postId')({
  staticData: { title: 'Blog', notFoundTitle: 'Blog post not found', loadFailure: 'this post' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const post = await loadBySlug(params.postId, (postId) => queryClient.ensureQueryData(blogPostQueryOptions(api.blogPosts, postId)))
    // What search engines and shared links show: the office's SEO words where set.
    return { title: post.seoTitle ?? post.title, description: post.seoDescription ?? post.excerpt }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: BlogPostNotFound,
  component: BlogPostPage,
})

function BlogPostPage() {
  const { api } = useAppContext()
  const { postId } = Route.useParams()
  const { data: post } = useSuspenseQuery(blogPostQueryOptions(api.blogPosts, postId))

  return (
    <Container size="md" py="xl">
      <BlogPostArticle
        post={post}
        before={
          <AnchorLink to="/blog" size="sm">
            <IconArrowLeft size={14} aria-hidden /> All posts
          </AnchorLink>
        }
        after={<AnchorLink to="/blog">Back to the blog</AnchorLink>}
      />
    </Container>
  )
}
