import { Card, Stack, Text, Title } from '@mantine/core'
import type { BlogPostSummary } from '@/api/blog-posts'
import { CARD_SIZES, ResponsiveImage } from '@/ui/responsive-image'
import { formatDate } from '@/app/format-date'
import { AnchorLink } from '@/components/links'

/** A post in a list: cover, date and author, title (the link to the post) and excerpt. */
export function BlogPostCard({ post, headingOrder, eager = false }: { post: BlogPostSummary; headingOrder: 2 | 3; eager?: boolean }) {
  return (
    <Card component="article" withBorder padding="lg" h="100%">
      <Card.Section>
        <ResponsiveImage image={post.coverImage} eager={eager} rounded={false} cropped sizes={CARD_SIZES} />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Text size="sm" c="dimmed">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> · {post.authorName}
        </Text>
        <Title order={headingOrder} size="h4">
          <AnchorLink to="/blog/$postId" params={{ postId: post.id }} c="inherit">
            {post.title}
          </AnchorLink>
        </Title>
        <Text size="sm">{post.excerpt}</Text>
      </Stack>
    </Card>
  )
}
