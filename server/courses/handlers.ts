import type { Handler } from '../contract/types.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { settleSlugRace } from '../lib/slugs.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { listPublishedCourses, readPublishedCourse } from './queries.ts'
import {
  changeCourseStatusRecord,
  checkCourseInput,
  COURSE_RECORD_MESSAGES,
  COURSE_SLUGS,
  deleteCourseRecord,
  insertCourse,
  listCourseRowPage,
  listFeaturedRows,
  orderFeatured,
  readCourseRecord,
  updateCourseRecord,
  type SlugClash,
} from './records.ts'

/** A missing course, and one visitors may not see (a draft, an archived one), read the same. */
const notFound = { status: 404 as const, body: { message: COURSE_RECORD_MESSAGES.notFound } }

/** The 409 of a slug another course has: the message and, at the slug field, a free one to use. */
function slugTaken({ slugTaken: clash }: SlugClash) {
  return { status: 409 as const, body: { message: COURSE_RECORD_MESSAGES.slugTakenSummary, fields: { slug: COURSE_RECORD_MESSAGES.slugTaken(clash.title, clash.free) } } }
}

export const listCourses: Handler<'listCourses'> = async ({ query }, deps) => {
  return { status: 200, body: { items: await listPublishedCourses(deps.database.db, query) } }
}

export const getCourse: Handler<'getCourse'> = async ({ params }, deps) => {
  const course = await readPublishedCourse(deps.database.db, params.courseId)
  return course ? { status: 200, body: course } : notFound
}

export const listCourseRecords: Handler<'listCourseRecords'> = async ({ query }, deps) => {
  return { status: 200, body: await listCourseRowPage(deps.database.db, { q: query.q, status: query.status, ...pageOf(query) }) }
}

export const getCourseRecord: Handler<'getCourseRecord'> = async ({ params }, deps) => {
  const record = await readCourseRecord(deps.database.db, params.courseId)
  return record ? { status: 200, body: record, headers: { ETag: versionTag(record.version) } } : notFound
}

export const createCourse: Handler<'createCourse'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const { input, problems } = await checkCourseInput(db, body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await settleSlugRace(db, COURSE_SLUGS, input.slug, undefined, () => db.transaction((tx) => insertCourse(tx, input, { actorId: session().user.id, request })))
  if (typeof outcome === 'object') return slugTaken(outcome)
  const record = await readCourseRecord(db, outcome)
  if (!record) throw new Error('The course just stored cannot be read.')
  return { status: 201, body: record, headers: { ETag: versionTag(record.version) } }
}

export const updateCourse: Handler<'updateCourse'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const { input, problems } = await checkCourseInput(db, body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await settleSlugRace(db, COURSE_SLUGS, input.slug, params.courseId, () =>
    db.transaction((tx) => updateCourseRecord(tx, params.courseId, versionFromTag(headers['If-Match']), input, { actorId: session().user.id, request })),
  )
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if (typeof outcome === 'object' && 'slugTaken' in outcome) return slugTaken(outcome)
  if (typeof outcome === 'object') return { status: 409, body: { message: COURSE_RECORD_MESSAGES.slugFixed(outcome.slugFixed), fields: { slug: COURSE_RECORD_MESSAGES.slugFixed(outcome.slugFixed) } } }
  const record = await readCourseRecord(db, params.courseId)
  return record ? { status: 200, body: record, headers: { ETag: versionTag(record.version) } } : notFound
}

export const changeCourseStatus: Handler<'changeCourseStatus'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const outcome = await db.transaction((tx) => changeCourseStatusRecord(tx, params.courseId, versionFromTag(headers['If-Match']), body.status, { actorId: session().user.id, request }))
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if (typeof outcome === 'object') return { status: 409, body: { message: outcome.refused } }
  const record = await readCourseRecord(db, params.courseId)
  return record ? { status: 200, body: record, headers: { ETag: versionTag(record.version) } } : notFound
}

export const deleteCourse: Handler<'deleteCourse'> = async ({ params, headers, request, session }, deps) => {
  const outcome = await deps.database.db.transaction((tx) => deleteCourseRecord(tx, params.courseId, versionFromTag(headers['If-Match']), { actorId: session().user.id, request }))
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if (typeof outcome === 'object') return { status: 409, body: { message: outcome.refused } }
  return { status: 204, body: undefined }
}

export const orderFeaturedCourses: Handler<'orderFeaturedCourses'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const outcome = await db.transaction((tx) => orderFeatured(tx, body.courseIds, { actorId: session().user.id, request }))
  if (outcome === 'changed') return { status: 409, body: { message: COURSE_RECORD_MESSAGES.orderChanged } }
  return { status: 200, body: { items: await listFeaturedRows(db) } }
}
