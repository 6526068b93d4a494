import type { Handler } from '../contract/types.ts'
import { listPublishedCourses, readPublishedCourse } from './queries.ts'

export const COURSE_MESSAGES = { notFound: 'We could not find that course.' } as const

export const listCourses: Handler<'listCourses'> = async ({ query }, deps) => {
  return { status: 200, body: { items: await listPublishedCourses(deps.database.db, query) } }
}

export const getCourse: Handler<'getCourse'> = async ({ params }, deps) => {
  const course = await readPublishedCourse(deps.database.db, params.courseId)
  return course ? { status: 200, body: course } : { status: 404, body: { message: COURSE_MESSAGES.notFound } }
}
