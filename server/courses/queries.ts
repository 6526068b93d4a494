import { and, arrayContains, asc, desc, eq } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { courses, media, type CourseRow, type DeliveryMode } from '../db/schema.ts'
import { imageOf, mediaSize, type MediaSize } from '../media/queries.ts'

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
    image: imageOf(image, row.imageAlt),
    featured: row.featured,
  }
}

/** Published courses, featured first, then in the order staff chose. */
export async function listPublishedCourses(db: Db, filter: { mode?: DeliveryMode; featured?: boolean }): Promise<Schemas['CourseSummary'][]> {
  const filters = [eq(courses.published, true)]
  if (filter.mode !== undefined) filters.push(arrayContains(courses.modes, [filter.mode]))
  if (filter.featured !== undefined) filters.push(eq(courses.featured, filter.featured))
  const rows = await db
    .select({ course: courses, image: mediaSize })
    .from(courses)
    .innerJoin(media, eq(media.id, courses.imageMediaId))
    .where(and(...filters))
    .orderBy(desc(courses.featured), asc(courses.sortOrder), asc(courses.title))
  return rows.map(({ course, image }) => courseSummary(course, image))
}

/** A published course by its slug; an unpublished one reads as missing. */
export async function readPublishedCourse(db: Db, slug: string): Promise<Schemas['Course'] | undefined> {
  const [found] = await db
    .select({ course: courses, image: mediaSize })
    .from(courses)
    .innerJoin(media, eq(media.id, courses.imageMediaId))
    .where(and(eq(courses.slug, slug), eq(courses.published, true)))
    .limit(1)
  if (!found) return undefined
  const { course, image } = found
  return { ...courseSummary(course, image), description: course.description, schedule: course.schedule, cost: course.cost }
}
