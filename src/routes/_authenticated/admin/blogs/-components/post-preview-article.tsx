import { Card, Stack, Text, Title } from '@mantine/core'
import type { PostPreview } from '@/api/blog-post-records'

type DraftPost = PostPreview['post']

/** How the blog list and search engines show the post: its excerpt, and the title and description they take. */
export function PostElsewhere({ post }: { post: DraftPost }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="post-elsewhere-title" maw={760}>
      <Stack gap="sm">
        <Title order={2} size="h3" id="post-elsewhere-title">
          Elsewhere
        </Title>
        <Stack gap={2}>
          <Text fw={600}>On the blog list</Text>
          <Text>{post.excerpt || 'No excerpt yet: the list shows one under the title.'}</Text>
        </Stack>
        <Stack gap={2}>
          <Text fw={600}>In search results and shared links</Text>
          <Text>{post.seoTitle ?? post.title}</Text>
          <Text size="sm" c="dimmed">
            {post.seoDescription ?? (post.excerpt || 'No description yet: the excerpt is used when there is one.')}
          </Text>
        </Stack>
      </Stack>
    </Card>
  )
}
