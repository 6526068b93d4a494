import { Center, Container, Grid, Pagination, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { BLOG_PAGE_SIZE, blogPostsQueryOptions } from '@/api/blog-posts'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { BlogPostCard } from '@/routes/_public/-components/blog-post-card'
import { NoPosts } from '@/routes/_public/-components/no-posts'
import { pageSearch } from '@/app/page-search'
import { useAppContext } from '@/app/use-app-context'

export const Route = createFileRoute('/_public/blog/')({
  staticData: {
    title: 'Blog',
    loadFailure: 'the blog posts',
    description: 'Stories from TEC lessons, schools and community clubs, study tips for learners and news from the team.',
  },
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context: { queryClient, api }, deps }) =>
    queryClient.ensureQueryData(blogPostsQueryOptions(api.blogPosts, { page: deps.page, pageSize: BLOG_PAGE_SIZE })),
  pendingComponent: () => <ContentSkeleton cards={BLOG_PAGE_SIZE} />,
  component: BlogPage,
})

function BlogPage() {
  const { api } = useAppContext()
  const { page } = Route.useLoaderDeps()
  const navigate = Route.useNavigate()
  const { data } = useSuspenseQuery(blogPostsQueryOptions(api.blogPosts, { page, pageSize: BLOG_PAGE_SIZE }))
  const pages = Math.ceil(data.total / data.pageSize)

  return (
    <Container py="xl">
      <Stack gap="xl">
        <Stack gap="md" maw={720}>
          <Title order={1}>Blog</Title>
          <Text size="lg">Stories from our classrooms, study tips for learners and news from the TEC team.</Text>
        </Stack>
        {data.total === 0 ? (
          <NoPosts />
        ) : data.items.length === 0 ? (
          <Text>
            There is no page {page} of the blog; it has {pages} {pages === 1 ? 'page' : 'pages'}. Use the page numbers below.
          </Text>
        ) : (
          <Grid>
            {data.items.map((post, index) => (
              <Grid.Col key={post.id} span={{ base: 24, sm: 12, md: 8 }}>
                {/* The first row is in view on arrival, so its covers load at once. */}
                <BlogPostCard post={post} headingOrder={2} eager={index < 3} />
              </Grid.Col>
            ))}
          </Grid>
        )}
        {pages > 1 && (
          <Center component="nav" aria-label="Blog pages">
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => void navigate({ search: next === 1 ? {} : { page: next } })}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Center>
        )}
      </Stack>
    </Container>
  )
}
