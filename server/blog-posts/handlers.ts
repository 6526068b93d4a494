import type { Handler } from '../contract/types.ts'
import type { Db } from '../db/client.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { settleSlugRace } from '../lib/slugs.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { listLivePosts, readLivePost } from './queries.ts'
import {
  changePostStatusRecord,
  checkPostInput,
  deletePostRecord,
  insertPost,
  listPostRowPage,
  POST_RECORD_MESSAGES,
  POST_SLUGS,
  readPostPreview,
  readPostRecord,
  updatePostRecord,
  type SlugClash,
} from './records.ts'

export const BLOG_MESSAGES = { notFound: 'We could not find that blog post.' } as const

export const listBlogPosts: Handler<'listBlogPosts'> = async ({ query }, deps) => {
  return { status: 200, body: await listLivePosts(deps.database.db, pageOf(query)) }
}

export const getBlogPost: Handler<'getBlogPost'> = async ({ params }, deps) => {
  const post = await readLivePost(deps.database.db, params.postId)
  return post ? { status: 200, body: post } : { status: 404, body: { message: BLOG_MESSAGES.notFound } }
}

/** A missing post reads the same whatever it was. */
const notFound = { status: 404 as const, body: { message: POST_RECORD_MESSAGES.notFound } }

/** The 409 of a slug another post has: the message and, at the slug field, a free one to use. */
function slugTaken({ slugTaken: clash }: SlugClash) {
  return { status: 409 as const, body: { message: POST_RECORD_MESSAGES.slugTakenSummary, fields: { slug: POST_RECORD_MESSAGES.slugTaken(clash.title, clash.free) } } }
}

async function readRecord(db: Db, id: string) {
  const record = await readPostRecord(db, id)
  return record ? { body: record, headers: { ETag: versionTag(record.version) } } : undefined
}

async function recordAnswer(db: Db, id: string) {
  const found = await readRecord(db, id)
  return found ? { status: 200 as const, ...found } : notFound
}

export const listPostRecords: Handler<'listPostRecords'> = async ({ query }, deps) => {
  return { status: 200, body: await listPostRowPage(deps.database.db, { q: query.q, status: query.status, ...pageOf(query) }) }
}

export const getPostRecord: Handler<'getPostRecord'> = async ({ params }, deps) => recordAnswer(deps.database.db, params.postRecordId)

export const createPost: Handler<'createPost'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const { input, problems } = await checkPostInput(db, body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await settleSlugRace(db, POST_SLUGS, input.slug, undefined, () => db.transaction((tx) => insertPost(tx, input, { actorId: session().user.id, request })))
  if (typeof outcome === 'object') return slugTaken(outcome)
  const found = await readRecord(db, outcome)
  if (!found) throw new Error('The post just stored cannot be read.')
  return { status: 201, ...found }
}

export const updatePost: Handler<'updatePost'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const { input, problems } = await checkPostInput(db, body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await settleSlugRace(db, POST_SLUGS, input.slug, params.postRecordId, () =>
    db.transaction((tx) => updatePostRecord(tx, params.postRecordId, versionFromTag(headers['If-Match']), input, { actorId: session().user.id, request })),
  )
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if (typeof outcome === 'object' && 'slugTaken' in outcome) return slugTaken(outcome)
  if (typeof outcome === 'object') return fieldsProblem(outcome.incomplete, POST_RECORD_MESSAGES.stayComplete)
  return recordAnswer(db, params.postRecordId)
}

export const changePostStatus: Handler<'changePostStatus'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const outcome = await db.transaction((tx) => changePostStatusRecord(tx, params.postRecordId, versionFromTag(headers['If-Match']), body, { actorId: session().user.id, request }))
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if (typeof outcome === 'object' && 'badTime' in outcome) return fieldsProblem({ publishAt: outcome.badTime })
  if (typeof outcome === 'object') return { status: 409, body: { message: POST_RECORD_MESSAGES.incomplete, fields: outcome.incomplete } }
  return recordAnswer(db, params.postRecordId)
}

export const deletePost: Handler<'deletePost'> = async ({ params, headers, request, session }, deps) => {
  const outcome = await deps.database.db.transaction((tx) => deletePostRecord(tx, params.postRecordId, versionFromTag(headers['If-Match']), { actorId: session().user.id, request }))
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if (typeof outcome === 'object') return { status: 409, body: { message: outcome.refused } }
  return { status: 204, body: undefined }
}

export const previewPost: Handler<'previewPost'> = async ({ params }, deps) => {
  const preview = await readPostPreview(deps.database.db, params.postRecordId)
  return preview ? { status: 200, body: preview } : notFound
}
