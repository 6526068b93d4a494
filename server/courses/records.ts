import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { FieldErrors } from '../contract/validators.ts'
import type { Db } from '../db/client.ts'
import { courses, media, placements, registrations, students, type CourseRow } from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { changesBetween, type ChangeContext, type UpdateOutcome } from '../lib/history.ts'
import { checkSchema, cleanInput } from '../contract/input.ts'
import { window } from '../lib/paging.ts'
import { slugClash, type SlugClash } from '../lib/slugs.ts'
import { containsPattern, searchText } from '../lib/search.ts'
import { unusableMedia } from '../media/library.ts'
import { imageOf, mediaSize, type MediaSize } from '../media/queries.ts'
import { mediaIdsIn, sanitiseRichText } from '../media/rich-text.ts'
import { courseOrder } from './queries.ts'

type Schemas = components['schemas']
export type CourseInput = Schemas['CourseInput']
export type CourseStatus = Schemas['CourseStatus']

export const COURSE_RECORD_MESSAGES = {
  notFound: 'We could not find that course.',
  slugTaken: (title: string, free: string) => `Another course, “${title}”, has this address. Try ${free}.`,
  slugTakenSummary: 'Another course has this address. Choose another one.',
  slugFixed: (enrolments: number) =>
    `${enrolments} ${enrolments === 1 ? 'enrolment refers' : 'enrolments refer'} to this course by its address, so the address cannot change now. Keep it, or archive this course and add a new one.`,
  emptyDescription: 'Write the description: what learners do and what they come away with.',
  hasRecords: (enrolments: number, placed: number) => {
    const parts = [
      enrolments > 0 ? `${enrolments} ${enrolments === 1 ? 'enrolment' : 'enrolments'}` : undefined,
      placed > 0 ? `${placed} ${placed === 1 ? 'placement or learner' : 'placements or learners'}` : undefined,
    ].filter((part) => part !== undefined)
    return `This course has ${parts.join(' and ')} on record, so it cannot be deleted. Archive it instead: it leaves the site and its records stay.`
  },
  imageNotReady: 'Give the course’s image alt text and a caption in the media library before publishing it.',
  orderChanged: 'The featured courses changed since you opened the list. Reload it and put them in order again.',
} as const

/** A row's fields as the contract has them: what the edit form shows and sends back. */
function courseFields(row: CourseRow): CourseInput {
  return {
    title: row.title,
    slug: row.slug,
    modes: row.modes,
    subjects: row.subjects,
    level: row.level,
    summary: row.summary,
    descriptionHtml: row.descriptionHtml,
    cost: row.cost,
    duration: row.duration,
    schedule: row.schedule,
    ...(row.capacity === null ? {} : { capacity: row.capacity }),
    imageId: row.imageMediaId,
    featured: row.featured,
  }
}

function courseColumns(input: CourseInput) {
  return {
    title: input.title,
    slug: input.slug,
    modes: input.modes,
    subjects: input.subjects,
    level: input.level,
    summary: input.summary,
    descriptionHtml: input.descriptionHtml,
    cost: input.cost,
    duration: input.duration,
    schedule: input.schedule,
    capacity: input.capacity ?? null,
    imageMediaId: input.imageId,
    featured: input.featured,
  }
}

/**
 * Cleans a body the contract validator let through (trimmed, the description sanitised) and checks it again,
 * with the images: the course's image and every image in its description must be in the library, ready to use.
 */
export async function checkCourseInput(db: Db, body: CourseInput): Promise<{ input: CourseInput; problems: FieldErrors }> {
  const input = cleanInput(body) as CourseInput
  input.descriptionHtml = sanitiseRichText(input.descriptionHtml ?? '')
  input.subjects = [...new Set((input.subjects ?? []).filter((subject) => subject !== ''))]
  const problems = checkSchema('CourseInput', input)
  if (input.descriptionHtml.replace(/<[^>]*>/g, '').trim() === '' && !/<img /.test(input.descriptionHtml)) problems.descriptionHtml = COURSE_RECORD_MESSAGES.emptyDescription
  const imageIds = typeof input.imageId === 'string' ? [input.imageId] : []
  const textIds = mediaIdsIn(input.descriptionHtml)
  const unusable = await unusableMedia(db, [...imageIds, ...textIds])
  const imageProblem = imageIds[0] === undefined ? undefined : unusable.get(imageIds[0])
  if (imageProblem !== undefined && problems.imageId === undefined) problems.imageId = imageProblem
  const inText = textIds.find((id) => unusable.has(id))
  if (inText !== undefined && problems.descriptionHtml === undefined) problems.descriptionHtml = `An image in the description: ${unusable.get(inText)}`
  return { input, problems }
}

export type { SlugClash } from '../lib/slugs.ts'

/** Where the slugs are, for the clash check and for settling a race on a new slug. */
export const COURSE_SLUGS = { table: courses, id: courses.id, slug: courses.slug, title: courses.title }

async function nextFeaturedPlace(tx: Db): Promise<number> {
  const [last] = await tx.select({ max: sql<number | null>`max(${courses.sortOrder})` }).from(courses).where(eq(courses.featured, true))
  return (last?.max ?? -1) + 1
}

export async function insertCourse(tx: Db, input: CourseInput, context: ChangeContext): Promise<string | SlugClash> {
  const clash = await slugClash(tx, COURSE_SLUGS, input.slug)
  if (clash) return { slugTaken: clash }
  const [row] = await tx
    .insert(courses)
    .values({ ...courseColumns(input), status: 'draft', sortOrder: input.featured ? await nextFeaturedPlace(tx) : 0 })
    .returning({ id: courses.id })
  if (!row) throw new Error('The course insert returned no row.')
  await recordAudit(tx, { action: 'course.created', actorUserId: context.actorId, subject: { type: 'course', id: row.id }, ip: context.request.ip, details: { changes: [] } })
  return row.id
}

type RecordCounts = { enrolments: number; placed: number }

/**
 * Enrolments that name each course (by its slug, as the form sent it) and learners or placements on it: three
 * grouped queries for any number of courses, so a list page costs the same as one course.
 */
async function recordsOnMany(tx: Db, rows: { id: string; slug: string }[]): Promise<Map<string, RecordCounts>> {
  const counts = new Map<string, RecordCounts>(rows.map((row) => [row.id, { enrolments: 0, placed: 0 }]))
  if (rows.length === 0) return counts
  const ids = rows.map((row) => row.id)
  const courseSlug = sql<string>`${registrations.answers}->>'courseId'`
  const [enrolled, learners, placed] = await Promise.all([
    tx
      .select({ slug: courseSlug, n: count() })
      .from(registrations)
      .where(and(eq(registrations.type, 'course'), inArray(courseSlug, rows.map((row) => row.slug))))
      .groupBy(courseSlug),
    tx.select({ id: students.courseId, n: count() }).from(students).where(inArray(students.courseId, ids)).groupBy(students.courseId),
    tx.select({ id: placements.courseId, n: count() }).from(placements).where(inArray(placements.courseId, ids)).groupBy(placements.courseId),
  ])
  const idBySlug = new Map(rows.map((row) => [row.slug, row.id]))
  for (const row of enrolled) {
    const found = counts.get(idBySlug.get(row.slug) ?? '')
    if (found) found.enrolments += row.n
  }
  for (const row of [...learners, ...placed]) {
    const found = counts.get(row.id ?? '')
    if (found) found.placed += row.n
  }
  return counts
}

async function recordsOn(tx: Db, row: { id: string; slug: string }): Promise<RecordCounts> {
  return (await recordsOnMany(tx, [row])).get(row.id) ?? { enrolments: 0, placed: 0 }
}

export async function updateCourseRecord(tx: Db, id: string, version: number, input: CourseInput, context: ChangeContext): Promise<UpdateOutcome | SlugClash | { slugFixed: number }> {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  if (input.slug !== row.slug) {
    const clash = await slugClash(tx, COURSE_SLUGS, input.slug, id)
    if (clash) return { slugTaken: clash }
    const { enrolments } = await recordsOn(tx, row)
    if (enrolments > 0) return { slugFixed: enrolments }
  }
  const changes = changesBetween(courseFields(row), input)
  if (changes.length === 0) return 'unchanged'
  const sortOrder = input.featured && !row.featured ? await nextFeaturedPlace(tx) : row.sortOrder
  await tx
    .update(courses)
    .set({ ...courseColumns(input), sortOrder, version: row.version + 1, updatedAt: new Date() })
    .where(eq(courses.id, id))
  // The history keeps which fields changed; a long description is named, not copied.
  const recorded = changes.map((change) => (change.field === 'descriptionHtml' ? { field: change.field } : change))
  await recordAudit(tx, { action: 'course.updated', actorUserId: context.actorId, subject: { type: 'course', id }, ip: context.request.ip, details: { changes: recorded } })
  return 'updated'
}

export async function changeCourseStatusRecord(
  tx: Db,
  id: string,
  version: number,
  status: CourseStatus,
  context: ChangeContext,
): Promise<UpdateOutcome | { refused: string }> {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  if (row.status === status) return 'unchanged'
  if (status === 'published') {
    const unusable = await unusableMedia(tx, [row.imageMediaId])
    if (unusable.size > 0) return { refused: COURSE_RECORD_MESSAGES.imageNotReady }
  }
  const now = new Date()
  await tx
    .update(courses)
    .set({ status, version: row.version + 1, updatedAt: now, ...(status === 'published' ? { publishedAt: now } : {}) })
    .where(eq(courses.id, id))
  await recordAudit(tx, {
    action: 'course.status_changed',
    actorUserId: context.actorId,
    subject: { type: 'course', id },
    ip: context.request.ip,
    details: { changes: [{ field: 'status', from: row.status, to: status }] },
  })
  return 'updated'
}

export async function deleteCourseRecord(tx: Db, id: string, version: number, context: ChangeContext): Promise<'missing' | 'stale' | 'deleted' | { refused: string }> {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update').limit(1)
  if (!row) return 'missing'
  if (row.version !== version) return 'stale'
  const { enrolments, placed } = await recordsOn(tx, row)
  if (enrolments + placed > 0) return { refused: COURSE_RECORD_MESSAGES.hasRecords(enrolments, placed) }
  await tx.delete(courses).where(eq(courses.id, id))
  await recordAudit(tx, { action: 'course.deleted', actorUserId: context.actorId, subject: { type: 'course', id }, ip: context.request.ip, details: { title: row.title } })
  return 'deleted'
}

/** Puts the featured courses in this order; the list must name each featured course once, or nothing changes. */
export async function orderFeatured(tx: Db, ids: string[], context: ChangeContext): Promise<'ordered' | 'changed'> {
  const featured = await tx.select({ id: courses.id }).from(courses).where(eq(courses.featured, true)).for('update')
  const current = new Set(featured.map((row) => row.id))
  if (current.size !== ids.length || ids.some((id) => !current.has(id))) return 'changed'
  for (const [index, id] of ids.entries()) await tx.update(courses).set({ sortOrder: index }).where(eq(courses.id, id))
  await recordAudit(tx, { action: 'course.featured_order_changed', actorUserId: context.actorId, ip: context.request.ip, details: { order: ids } })
  return 'ordered'
}

const rowColumns = { course: courses, image: mediaSize }

async function rowsWithCounts(db: Db, found: { course: CourseRow; image: MediaSize }[]): Promise<Schemas['CourseRow'][]> {
  const counts = await recordsOnMany(
    db,
    found.map(({ course }) => course),
  )
  return found.map(({ course, image }) => ({
    id: course.id,
    slug: course.slug,
    title: course.title,
    status: course.status,
    featured: course.featured,
    modes: course.modes,
    subjects: course.subjects,
    level: course.level,
    image: imageOf(image),
    enrolments: counts.get(course.id)?.enrolments ?? 0,
    placements: counts.get(course.id)?.placed ?? 0,
    updatedAt: course.updatedAt.toISOString(),
  }))
}

export interface CourseRowQuery {
  q?: string
  status?: CourseStatus
  page: number
  pageSize: number
}

export async function listCourseRowPage(db: Db, query: CourseRowQuery): Promise<Schemas['CourseRowPage']> {
  const text = searchText(query.q)
  const pattern = text === undefined ? undefined : containsPattern(text)
  const searched: SQL | undefined =
    pattern === undefined ? undefined : or(ilike(courses.title, pattern), ilike(courses.level, pattern), sql`exists (select 1 from unnest(${courses.subjects}) as s where s ilike ${pattern})`)
  const filter = and(searched, query.status === undefined ? undefined : eq(courses.status, query.status))
  const { limit, offset } = window(query)
  const [found, totals, byStatus] = await Promise.all([
    db
      .select(rowColumns)
      .from(courses)
      .innerJoin(media, eq(media.id, courses.imageMediaId))
      .where(filter)
      .orderBy(...courseOrder)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(courses).where(filter),
    db.select({ status: courses.status, n: count() }).from(courses).where(searched).groupBy(courses.status),
  ])
  const counts = { draft: 0, published: 0, archived: 0 }
  for (const row of byStatus) counts[row.status] = row.n
  return { items: await rowsWithCounts(db, found), total: totals[0]?.total ?? 0, page: query.page, pageSize: query.pageSize, counts }
}

/** The featured courses in their order, as the reorder answer gives them. */
export async function listFeaturedRows(db: Db): Promise<Schemas['CourseRow'][]> {
  const found = await db.select(rowColumns).from(courses).innerJoin(media, eq(media.id, courses.imageMediaId)).where(eq(courses.featured, true)).orderBy(...courseOrder)
  return rowsWithCounts(db, found)
}

export async function readCourseRecord(db: Db, id: string): Promise<Schemas['CourseRecord'] | undefined> {
  const [found] = await db.select(rowColumns).from(courses).innerJoin(media, eq(media.id, courses.imageMediaId)).where(eq(courses.id, id)).limit(1)
  if (!found) return undefined
  const { course, image } = found
  const { enrolments, placed } = await recordsOn(db, course)
  return {
    id: course.id,
    version: course.version,
    status: course.status,
    fields: courseFields(course),
    image: imageOf(image),
    enrolments,
    placements: placed,
    publicPath: `/courses/${course.slug}`,
    ...(course.publishedAt === null ? {} : { publishedAt: course.publishedAt.toISOString() }),
    createdAt: course.createdAt.toISOString(),
    updatedAt: course.updatedAt.toISOString(),
  }
}
