import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type PostRow = Schemas['PostRow']
export type PostRowPage = Schemas['PostRowPage']
export type PostRecord = Schemas['PostRecord']
export type PostInput = Schemas['PostInput']
export type PostStatus = Schemas['PostStatus']
export type PostStatusChange = Schemas['PostStatusChange']
export type PostPreview = Schemas['PostPreview']
export type PostRecordQuery = NonNullable<operations['listPostRecords']['parameters']['query']>

/** The office's blog editor; ADMIN only. The published blog visitors read is in blog-posts.ts. */
export function createBlogPostRecordsApi(client: ApiClient) {
  const path = (postRecordId: string) => ({ path: { postRecordId } })
  return {
    list: (query: PostRecordQuery) => unwrap(client.GET('/admin/blog-posts', { params: { query } })),
    get: (postId: string) => unwrap(client.GET('/admin/blog-posts/{postRecordId}', { params: path(postId) })),
    create: (body: PostInput) => unwrap(client.POST('/admin/blog-posts', { body })),
    update: (postId: string, version: number, body: PostInput) =>
      unwrap(client.PUT('/admin/blog-posts/{postRecordId}', { params: { ...path(postId), header: ifMatch(version) }, body })),
    changeStatus: (postId: string, version: number, change: PostStatusChange) =>
      unwrap(client.PUT('/admin/blog-posts/{postRecordId}/status', { params: { ...path(postId), header: ifMatch(version) }, body: change })),
    preview: (postId: string) => unwrap(client.GET('/admin/blog-posts/{postRecordId}/preview', { params: path(postId) })),
    remove: async (postId: string, version: number) => {
      await client.DELETE('/admin/blog-posts/{postRecordId}', { params: { ...path(postId), header: ifMatch(version) } })
    },
  }
}

export type BlogPostRecordsApi = ReturnType<typeof createBlogPostRecordsApi>

export function postRecordsQueryOptions(blogPostRecordsApi: BlogPostRecordsApi, query: PostRecordQuery) {
  return queryOptions({ queryKey: queryKeys.blogs.records(query), queryFn: () => blogPostRecordsApi.list(query) })
}

export function postRecordQueryOptions(blogPostRecordsApi: BlogPostRecordsApi, postId: string) {
  return queryOptions({ queryKey: queryKeys.blogs.record(postId), queryFn: () => blogPostRecordsApi.get(postId) })
}

export function postPreviewQueryOptions(blogPostRecordsApi: BlogPostRecordsApi, postId: string) {
  return queryOptions({ queryKey: queryKeys.blogs.preview(postId), queryFn: () => blogPostRecordsApi.preview(postId), staleTime: 0 })
}
