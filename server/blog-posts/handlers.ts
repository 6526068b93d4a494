import type { Handler } from '../contract/types.ts'
import { pageOf } from '../lib/paging.ts'
import { listLivePosts, readLivePost } from './queries.ts'

export const BLOG_MESSAGES = { notFound: 'We could not find that blog post.' } as const

export const listBlogPosts: Handler<'listBlogPosts'> = async ({ query }, deps) => {
  return { status: 200, body: await listLivePosts(deps.database.db, pageOf(query)) }
}

export const getBlogPost: Handler<'getBlogPost'> = async ({ params }, deps) => {
  const post = await readLivePost(deps.database.db, params.postId)
  return post ? { status: 200, body: post } : { status: 404, body: { message: BLOG_MESSAGES.notFound } }
}
