import { Card, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import type { components } from '@/api/schema.gen'
import { ResponsiveImage } from '@/ui/responsive-image'
import { formatDate } from '@/app/format-date'
import { RichTextBody } from './rich-text-body'

/** A published post, or a draft the office previews (which may still lack its cover, date or author). */
type ArticlePost = components['schemas']['BlogPostDraft']

/** Where a draft still has a gap, the preview says so in the place the blog would show the missing part. */
function Gap({ children }: { children: ReactNode }) {
  return (
    <Card withBorder padding="lg" bg="var(--mantine-color-default-hover)">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Card>
  )
}

/**
 * A post as its page on the blog shows it: title, date and author, cover, then the text. The public page and the
 * office's preview both render this, so the preview is exactly what visitors get; each adds its own links around it
 * (`before`, `after`).
 */
export function BlogPostArticle({ post, before, after }: { post: ArticlePost; before?: ReactNode; after?: ReactNode }) {
  return (
    <Stack component="article" gap="lg">
      {before}
      <Stack gap="xs">
        <Title order={1}>{post.title}</Title>
        <Text c="dimmed">
          {post.publishedAt ? <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> : 'Not published yet'}
          {post.authorName ? ` · ${post.authorName}` : ' · No author yet'}
        </Text>
      </Stack>
      {post.coverImage ? <ResponsiveImage image={post.coverImage} eager /> : <Gap>No cover image yet: choose one before publishing.</Gap>}
      {post.bodyHtml ? <RichTextBody html={post.bodyHtml} /> : <Gap>No text yet.</Gap>}
      {after}
    </Stack>
  )
}
