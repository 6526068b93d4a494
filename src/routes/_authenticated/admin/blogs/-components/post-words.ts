import { LIMITS } from '@shared/contract.gen'
import type { PostRecord } from '@/api/blog-post-records'
import { formatDateTime } from '@/ui/format-date-time'
import type { HistoryWords } from '@/routes/_authenticated/-components/history-words'

/** The contract's limits for a post, under the name the form uses. */
export const POST_LIMITS = LIMITS.PostInput

/** What the editor calls each field; the history and the record page use the same words. */
export const POST_FIELD_LABELS = {
  title: 'Title',
  slug: 'Address',
  excerpt: 'Excerpt',
  bodyHtml: 'Text of the post',
  coverId: 'Cover image',
  authorName: 'Author',
  seoTitle: 'Title for search engines',
  seoDescription: 'Description for search engines',
  status: 'Status',
  publishedAt: 'Publish time',
} as const satisfies Record<string, string>

export const POST_HISTORY_WORDS: HistoryWords = {
  fields: POST_FIELD_LABELS,
  enums: { status: ['PostStatus', 'public'] },
  unshown: ['coverId', 'bodyHtml'],
}

/** Where the post is on the blog, or when it will be, in a sentence. */
export function whereOnTheBlog(post: Pick<PostRecord, 'status' | 'publishedAt'>): string {
  if (post.status === 'scheduled' && post.publishedAt) return `Scheduled: it goes on the blog on ${formatDateTime(post.publishedAt)}.`
  if (post.status === 'published') return 'On the blog: saved changes show to visitors at once.'
  return 'Not on the blog yet: only the office sees a draft. Publish or schedule it when it is ready.'
}
