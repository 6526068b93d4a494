import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { PUBLIC_CONTENT_STALE_MS } from './public-content'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type BlogPostSummary = Schemas['BlogPostSummary']
export type BlogPost = Schemas['BlogPost']
export type BlogPostPage = Schemas['BlogPostPage']

/** Posts per page on /blog; the contract's default page size. */
export const BLOG_PAGE_SIZE = 9

/** The published blog, read by visitors. */
export function createBlogPostsApi(client: ApiClient) {
  return {
    list: ({ page, pageSize }: { page: number; pageSize: number }) =>
      unwrap(client.GET('/blog-posts', { params: { query: { page, pageSize } } })),
    get: (postId: string) => unwrap(client.GET('/blog-posts/{postId}', { params: { path: { postId } } })),
  }
}

export type BlogPostsApi = ReturnType<typeof createBlogPostsApi>

export function blogPostsQueryOptions(blogPostsApi: BlogPostsApi, page: { page: number; pageSize: number }) {
  return queryOptions({
    queryKey: queryKeys.blogs.list(page),
    queryFn: () => blogPostsApi.list(page),
    staleTime: PUBLIC_CONTENT_STALE_MS,
  })
}

export function blogPostQueryOptions(blogPostsApi: BlogPostsApi, postId: string) {
  return queryOptions({
    queryKey: queryKeys.blogs.detail(postId),
    queryFn: () => blogPostsApi.get(postId),
    staleTime: PUBLIC_CONTENT_STALE_MS,
  })
}
