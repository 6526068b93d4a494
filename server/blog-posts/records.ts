import { and, count, desc, eq, ilike, lte, or, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { LIMITS } from '../../shared/contract.gen.ts'
import type { FieldErrors } from '../contract/validators.ts'
import type { Db } from '../db/client.ts'
import { auditEvents, blogPosts, media, type BlogPostRow } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { changesBetween, type ChangeContext, type UpdateOutcome } from '../lib/history.ts'
import { checkSchema, cleanInput } from '../contract/input.ts'
import { window } from '../lib/paging.ts'
import { containsPattern, searchText } from '../lib/search.ts'
import { slugClash, type SlugClash } from '../lib/slugs.ts'
import { unusableMedia } from '../media/library.ts'
import { imageOf, mediaSize, type MediaSize } from '../media/queries.ts'
import { mediaIdsIn, renderRichText, sanitiseRichText } from '../media/rich-text.ts'

type Schemas = components['schemas']
export type PostInput = Schemas['PostInput']
export type PostStatus = Schemas['PostStatus']

export const POST_RECORD_MESSAGES = {
  notFound: 'We could not find that blog post.',
  slugTaken: (title: string, free: string) => `Another post, “${title}”, has this address. Try ${free}.`,
  slugTakenSummary: 'Another post has this address. Choose another one.',
  needsExcerpt: 'Write the excerpt: the lines the blog list shows under the title.',
  needsBody: 'Write the post.',
  needsCover: 'Choose a cover image from the media library.',
  needsAuthor: 'Say who wrote the post.',
  incomplete: 'The post is not ready to publish yet: see what each part needs.',
  stayComplete: 'A published or scheduled post must stay complete: see what each part needs.',
  notInFuture: 'Choose a date and time still to come.',
  whenNeeded: 'Choose when to publish the post.',
  publishedCannotGo: 'This post is on the blog. Unpublish it first; then it can be deleted.',
} as const

/** Where the slugs are, for the clash check and for settling a race on a new slug. */
export const POST_SLUGS = { table: blogPosts, id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title }

export type { SlugClash } from '../lib/slugs.ts'

/** A row's fields as the contract has them: what the editor shows and sends back. */
function postFields(row: BlogPostRow): PostInput {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    bodyHtml: row.bodyHtml,
    ...(row.coverMediaId === null ? {} : { coverId: row.coverMediaId }),
    authorName: row.authorName,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
  }
}

function postColumns(input: PostInput) {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    bodyHtml: input.bodyHtml,
    coverMediaId: input.coverId ?? null,
    authorName: input.authorName,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
  }
}

const hasText = (html: string) => html.replace(/<[^>]*>/g, '').trim() !== '' || /<img /.test(html)

/** What a post still needs before visitors may read it, by field; empty when it is complete. */
function missingToPublish(fields: PostInput): FieldErrors {
  const missing: FieldErrors = {}
  if (fields.excerpt === '') missing.excerpt = POST_RECORD_MESSAGES.needsExcerpt
  if (!hasText(fields.bodyHtml)) missing.bodyHtml = POST_RECORD_MESSAGES.needsBody
  if (fields.coverId === undefined) missing.coverId = POST_RECORD_MESSAGES.needsCover
  if (fields.authorName === '') missing.authorName = POST_RECORD_MESSAGES.needsAuthor
  return missing
}

/**
 * Cleans a body the contract validator let through (trimmed, blank optional parts as empty text, the body
 * sanitised) and checks it again, with the images: the cover and every image in the text must be in the library
 * with alt text and a caption. A draft may be incomplete; the rest is checked when it is published.
 */
export async function checkPostInput(db: Db, body: PostInput): Promise<{ input: PostInput; problems: FieldErrors }> {
  const cleaned = cleanInput(body) as Partial<PostInput>
  const input: PostInput = {
    ...cleaned,
    title: cleaned.title ?? '',
    slug: cleaned.slug ?? '',
    excerpt: cleaned.excerpt ?? '',
    bodyHtml: sanitiseRichText(cleaned.bodyHtml ?? ''),
    authorName: cleaned.authorName ?? '',
    seoTitle: cleaned.seoTitle ?? '',
    seoDescription: cleaned.seoDescription ?? '',
  }
  const problems = checkSchema('PostInput', input)
  const coverIds = input.coverId === undefined ? [] : [input.coverId]
  const textIds = mediaIdsIn(input.bodyHtml)
  const unusable = await unusableMedia(db, [...coverIds, ...textIds])
  const coverProblem = coverIds[0] === undefined ? undefined : unusable.get(coverIds[0])
  if (coverProblem !== undefined && problems.coverId === undefined) problems.coverId = coverProblem
  const inText = textIds.find((id) => unusable.has(id))
  if (inText !== undefined && problems.bodyHtml === undefined) problems.bodyHtml = `An image in the post: ${unusable.get(inText)}`
  return { input, problems }
}

export async function insertPost(tx: Db, input: PostInput, context: ChangeContext): Promise<string | SlugClash> {
  const clash = await slugClash(tx, POST_SLUGS, input.slug)
  if (clash) return { slugTaken: clash }
  const [row] = await tx
    .insert(blogPosts)
    .values({ ...postColumns(input), status: 'draft' })
    .returning({ id: blogPosts.id })
  if (!row) throw new Error('The post insert returned no row.')
  await recordAudit(tx, { action: 'post.created', actorUserId: context.actorId, subject: { type: 'blog_post', id: row.id }, ip: context.request.ip, details: { changes: [] } })
  return row.id
}

export async function updatePostRecord(
  tx: Db,
  id: string,
  version: number,
  input: PostInput,
  context: ChangeContext,
): Promise<UpdateOutcome | SlugClash | { incomplete: FieldErrors }> {
  const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  if (row.status !== 'draft') {
    const missing = missingToPublish(input)
    if (Object.keys(missing).length > 0) return { incomplete: missing }
  }
  if (input.slug !== row.slug) {
    const clash = await slugClash(tx, POST_SLUGS, input.slug, id)
    if (clash) return { slugTaken: clash }
  }
  const changes = changesBetween(postFields(row), input)
  if (changes.length === 0) return 'unchanged'
  await tx
    .update(blogPosts)
    .set({ ...postColumns(input), version: row.version + 1, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
  // The history keeps which fields changed; the body is named, not copied.
  const recorded = changes.map((change) => (change.field === 'bodyHtml' ? { field: change.field } : change))
  await recordAudit(tx, { action: 'post.updated', actorUserId: context.actorId, subject: { type: 'blog_post', id }, ip: context.request.ip, details: { changes: recorded } })
  return 'updated'
}

export type StatusRefusal = { incomplete: FieldErrors } | { badTime: string }

/**
 * Publishes now, schedules (`publishAt`, in the future) or takes back to draft. Publishing and scheduling need a
 * complete post whose images are ready; the version check makes a second click or a second editor harmless.
 */
export async function changePostStatusRecord(
  tx: Db,
  id: string,
  version: number,
  change: Schemas['PostStatusChange'],
  context: ChangeContext,
  now = new Date(),
): Promise<UpdateOutcome | StatusRefusal> {
  const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  let publishedAt: Date | null = null
  if (change.status === 'scheduled') {
    if (change.publishAt === undefined) return { badTime: POST_RECORD_MESSAGES.whenNeeded }
    publishedAt = new Date(change.publishAt)
    // A time the format allows but a Date cannot hold (a leap second) is no time to publish at.
    if (Number.isNaN(publishedAt.getTime())) return { badTime: POST_RECORD_MESSAGES.whenNeeded }
    if (publishedAt.getTime() <= now.getTime()) return { badTime: POST_RECORD_MESSAGES.notInFuture }
  } else if (change.status === 'published') {
    // Publishing a post already on the blog keeps its date; a scheduled one goes out now.
    publishedAt = row.status === 'published' && row.publishedAt !== null ? row.publishedAt : now
  }
  if (change.status === row.status && (publishedAt?.getTime() ?? null) === (row.publishedAt?.getTime() ?? null)) return 'unchanged'
  if (change.status !== 'draft') {
    const fields = postFields(row)
    const missing = missingToPublish(fields)
    const unusable = await unusableMedia(tx, [...(fields.coverId === undefined ? [] : [fields.coverId]), ...mediaIdsIn(fields.bodyHtml)])
    if (fields.coverId !== undefined && unusable.has(fields.coverId)) missing.coverId = unusable.get(fields.coverId) ?? POST_RECORD_MESSAGES.needsCover
    const inText = mediaIdsIn(fields.bodyHtml).find((mediaId) => unusable.has(mediaId))
    if (inText !== undefined) missing.bodyHtml = `An image in the post: ${unusable.get(inText)}`
    if (Object.keys(missing).length > 0) return { incomplete: missing }
  }
  await tx
    .update(blogPosts)
    .set({ status: change.status, publishedAt, version: row.version + 1, updatedAt: now })
    .where(eq(blogPosts.id, id))
  const changes: { field: string; from: string | null; to: string | null }[] = [{ field: 'status', from: row.status, to: change.status }]
  if (change.status === 'scheduled') changes.push({ field: 'publishedAt', from: row.publishedAt?.toISOString() ?? null, to: publishedAt?.toISOString() ?? null })
  await recordAudit(tx, { action: 'post.status_changed', actorUserId: context.actorId, subject: { type: 'blog_post', id }, ip: context.request.ip, details: { changes } })
  return 'updated'
}

export async function deletePostRecord(tx: Db, id: string, version: number, context: ChangeContext): Promise<'missing' | 'stale' | 'deleted' | { refused: string }> {
  const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  // Visitors read a scheduled post from its time, before the round marks it published: it is on the blog too.
  const live = row.status === 'published' || (row.status === 'scheduled' && row.publishedAt !== null && row.publishedAt <= new Date())
  if (live) return { refused: POST_RECORD_MESSAGES.publishedCannotGo }
  await tx.delete(blogPosts).where(eq(blogPosts.id, id))
  await recordAudit(tx, { action: 'post.deleted', actorUserId: context.actorId, subject: { type: 'blog_post', id }, ip: context.request.ip, details: { title: row.title } })
  return 'deleted'
}

/**
 * Marks each scheduled post that is due as published, with one history entry each. The UPDATE takes the row's
 * lock and re-reads its status, so when several server processes run this at once (PostgreSQL's read committed),
 * exactly one of them changes each post and records it; the others find it published already and skip it.
 * Visitors do not wait for this: a scheduled post is on the blog from its time (livePost in queries.ts).
 */
export async function publishDuePosts(db: Db, now = new Date()): Promise<string[]> {
  return db.transaction(async (tx) => {
    const published = await tx
      .update(blogPosts)
      .set({ status: 'published', version: sql`${blogPosts.version} + 1`, updatedAt: now })
      .where(and(eq(blogPosts.status, 'scheduled'), lte(blogPosts.publishedAt, now)))
      .returning({ id: blogPosts.id })
    for (const { id } of published) {
      await tx.insert(auditEvents).values({
        action: 'post.published',
        actorUserId: null,
        subjectType: 'blog_post',
        subjectId: id,
        ip: null,
        details: { changes: [{ field: 'status', from: 'scheduled', to: 'published' }] },
      })
    }
    return published.map(({ id }) => id)
  })
}

const rowColumns = { post: blogPosts, cover: mediaSize }

function postRow({ post, cover }: { post: BlogPostRow; cover: MediaSize | null }): Schemas['PostRow'] {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    status: post.status,
    authorName: post.authorName,
    ...(cover === null ? {} : { cover: imageOf(cover) }),
    ...(post.publishedAt === null ? {} : { publishedAt: post.publishedAt.toISOString() }),
    updatedAt: post.updatedAt.toISOString(),
  }
}

export interface PostRowQuery {
  q?: string
  status?: PostStatus
  page: number
  pageSize: number
}

export async function listPostRowPage(db: Db, query: PostRowQuery): Promise<Schemas['PostRowPage']> {
  const text = searchText(query.q)
  const pattern = text === undefined ? undefined : containsPattern(text)
  const searched: SQL | undefined = pattern === undefined ? undefined : or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern), ilike(blogPosts.authorName, pattern))
  const filter = and(searched, query.status === undefined ? undefined : eq(blogPosts.status, query.status))
  const { limit, offset } = window(query)
  const [found, totals, byStatus] = await Promise.all([
    db
      .select(rowColumns)
      .from(blogPosts)
      .leftJoin(media, eq(media.id, blogPosts.coverMediaId))
      .where(filter)
      .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(blogPosts).where(filter),
    db.select({ status: blogPosts.status, n: count() }).from(blogPosts).where(searched).groupBy(blogPosts.status),
  ])
  const counts = { draft: 0, scheduled: 0, published: 0 }
  for (const row of byStatus) counts[row.status] = row.n
  return { items: found.map(postRow), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize, counts }
}

async function readPostRow(db: Db, id: string) {
  const [found] = await db.select(rowColumns).from(blogPosts).leftJoin(media, eq(media.id, blogPosts.coverMediaId)).where(eq(blogPosts.id, id)).limit(1)
  return found
}

export async function readPostRecord(db: Db, id: string): Promise<Schemas['PostRecord'] | undefined> {
  const found = await readPostRow(db, id)
  if (!found) return undefined
  const { post, cover } = found
  const fields = postFields(post)
  return {
    id: post.id,
    version: post.version,
    status: post.status,
    fields,
    ...(cover === null ? {} : { cover: imageOf(cover) }),
    missing: missingToPublish(fields),
    publicPath: `/blog/${post.slug}`,
    ...(post.publishedAt === null ? {} : { publishedAt: post.publishedAt.toISOString() }),
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  }
}

/** The post as its public page would show it, from what is saved; a draft's gaps stay empty so the preview shows them. */
export async function readPostPreview(db: Db, id: string): Promise<Schemas['PostPreview'] | undefined> {
  const found = await readPostRow(db, id)
  if (!found) return undefined
  const { post, cover } = found
  return {
    status: post.status,
    post: {
      id: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      ...(cover === null ? {} : { coverImage: imageOf(cover) }),
      authorName: post.authorName,
      ...(post.publishedAt === null ? {} : { publishedAt: post.publishedAt.toISOString() }),
      bodyHtml: await renderRichText(db, post.bodyHtml),
      ...(post.seoTitle === '' ? {} : { seoTitle: post.seoTitle }),
      ...(post.seoDescription === '' ? {} : { seoDescription: post.seoDescription }),
    },
  }
}

const SLUG = LIMITS.Slug

const SLUG_PATTERN = new RegExp(SLUG.pattern)

export interface BlogPostInput {
  slug: string
  title: string
  excerpt: string
  /** Any HTML: it is sanitised here before it is stored. */
  bodyHtml: string
  /** From the library, where its alt text and caption are. */
  coverId: string
  authorName: string
  status: 'draft' | 'scheduled' | 'published'
  /** Required unless a draft: when it was published, or when it is due. */
  publishedAt: Date | null
}

/**
 * Creates the post, or replaces the one with the same slug: the demo seed's way in (the office's editor is
 * insertPost and updatePostRecord above). Both sanitise the body, so no post body is ever stored unsanitised.
 */
export async function saveBlogPost(db: Db, input: BlogPostInput): Promise<BlogPostRow> {
  if (!SLUG_PATTERN.test(input.slug) || input.slug.length > SLUG.maxLength) throw new Error(`"${input.slug}" is not a valid slug.`)
  if (input.status !== 'draft' && input.publishedAt === null) throw new Error('A published or scheduled post needs a publication date.')
  const values = {
    slug: input.slug,
    title: input.title.trim(),
    excerpt: input.excerpt.trim(),
    bodyHtml: sanitiseRichText(input.bodyHtml),
    coverMediaId: input.coverId,
    authorName: input.authorName.trim(),
    status: input.status,
    publishedAt: input.publishedAt,
  }
  const [row] = await db
    .insert(blogPosts)
    .values(values)
    .onConflictDoUpdate({ target: blogPosts.slug, set: { ...values, updatedAt: new Date() } })
    .returning()
  if (!row) throw new Error('Saving the blog post returned no row.')
  return row
}
