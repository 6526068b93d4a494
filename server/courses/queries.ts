import { and, arrayContains, asc, desc, eq, sql } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { courses, media, type CourseRow, type DeliveryMode } from '../db/schema.ts'
import { imageOf, mediaSize, type MediaSize } from '../media/queries.ts'
import { renderRichText } from '../media/rich-text.ts'

type Schemas = components['schemas']

function courseSummary(row: CourseRow, image: MediaSize): Schemas['CourseSummary'] {
  return {
    id: row.slug,
    title: row.title,
    summary: row.summary,
    level: row.level,
    subjects: row.subjects,
    modes: row.modes,
    duration: row.duration,
    image: imageOf(image),
    featured: row.featured,
  }
}

/** Featured courses first in the office's order, then the rest by title: the order of every course list. */
export const courseOrder = [desc(courses.featured), asc(courses.sortOrder), asc(courses.title)]

/** Published courses, optionally only one mode's, one subject's (any case) or the featured ones. */
export async function listPublishedCourses(db: Db, filter: { mode?: DeliveryMode; featured?: boolean; subject?: string }): Promise<Schemas['CourseSummary'][]> {
  const filters = [eq(courses.status, 'published')]
  if (filter.mode !== undefined) filters.push(arrayContains(courses.modes, [filter.mode]))
  if (filter.featured !== undefined) filters.push(eq(courses.featured, filter.featured))
  if (filter.subject !== undefined) filters.push(sql`lower(${filter.subject.trim()}) = any(select lower(s) from unnest(${courses.subjects}) as s)`)
  const rows = await db
    .select({ course: courses, image: mediaSize })
    .from(courses)
    .innerJoin(media, eq(media.id, courses.imageMediaId))
    .where(and(...filters))
    .orderBy(...courseOrder)
  return rows.map(({ course, image }) => courseSummary(course, image))
}

/** Whether visitors can see the course at this slug: what readPublishedCourse would find, without building it. */
export async function publishedCourseExists(db: Db, slug: string): Promise<boolean> {
  const [found] = await db
    .select({ id: courses.id })
    .from(courses)
    .innerJoin(media, eq(media.id, courses.imageMediaId))
    .where(and(eq(courses.slug, slug), eq(courses.status, 'published')))
    .limit(1)
  return found !== undefined
}

/** A published course by its slug; a draft or archived one reads as missing. */
export async function readPublishedCourse(db: Db, slug: string): Promise<Schemas['Course'] | undefined> {
  const [found] = await db
    .select({ course: courses, image: mediaSize })
    .from(courses)
    .innerJoin(media, eq(media.id, courses.imageMediaId))
    .where(and(eq(courses.slug, slug), eq(courses.status, 'published')))
    .limit(1)
  if (!found) return undefined
  const { course, image } = found
  return {
    ...courseSummary(course, image),
    descriptionHtml: await renderRichText(db, course.descriptionHtml),
    schedule: course.schedule,
    cost: course.cost,
    ...(course.capacity === null ? {} : { capacity: course.capacity }),
  }
}
