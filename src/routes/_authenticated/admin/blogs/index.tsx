import { Text } from '@mantine/core'
import { IconPencilPlus } from '@tabler/icons-react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { labelOf, optionsOf } from '@shared/labels'
import { postRecordsQueryOptions, type PostRow } from '@/api/blog-post-records'
import type { CsvColumn } from '@/ui/back-office/csv'
import type { DataColumn } from '@/ui/back-office/data-table'
import { ChipFilter } from '@/ui/back-office/filter-bar'
import { resolveListSearch, validateListSearch, type ResolvedListSearch } from '@/ui/back-office/list-search'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink, ButtonLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'
import { ListPage, useListSearch } from '@/routes/_authenticated/-components/list-page'
import { blogListSpec } from '@/routes/_authenticated/-components/list-specs'

export const Route = createFileRoute('/_authenticated/admin/blogs/')({
  staticData: { title: 'Blog' },
  validateSearch: (search) => validateListSearch(blogListSpec, search),
  loaderDeps: ({ search }) => resolveListSearch(blogListSpec, search),
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(postRecordsQueryOptions(api.blogPostRecords, apiQuery(deps)))
  },
  component: AdminBlogPage,
})

type BlogListSearch = ResolvedListSearch<(typeof blogListSpec)['filters'], never>

/** What listPostRecords takes: search, status and page. */
function apiQuery({ q, status, page, pageSize }: Pick<BlogListSearch, 'q' | 'status' | 'page' | 'pageSize'>) {
  return { ...(q ? { q } : {}), ...(status ? { status } : {}), page, pageSize }
}

/** When a post went on the blog, or when it is due to; a draft has neither. */
function publishedWords(row: PostRow): string {
  if (!row.publishedAt) return 'Not yet'
  return row.status === 'scheduled' ? `Due ${formatDateTime(row.publishedAt)}` : formatDateTime(row.publishedAt)
}

const columns: DataColumn<PostRow, never>[] = [
  {
    key: 'post',
    header: 'Post',
    cell: (row) => (
      <Text size="xs" c="dimmed">
        /blog/{row.slug}
      </Text>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => <StatusBadge of="PostStatus" value={row.status} />,
  },
  {
    key: 'author',
    header: 'Author',
    visibleFrom: 'sm',
    cell: (row) =>
      row.authorName || (
        <Text span size="sm" c="dimmed">
          Not set
        </Text>
      ),
  },
  {
    key: 'published',
    header: 'Published or due',
    visibleFrom: 'md',
    cell: (row) => (row.publishedAt ? <time dateTime={row.publishedAt}>{publishedWords(row)}</time> : publishedWords(row)),
  },
  {
    key: 'updated',
    header: 'Updated',
    visibleFrom: 'lg',
    cell: (row) => <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt)}</time>,
  },
]

const csvColumns: CsvColumn<PostRow>[] = [
  { header: 'Post', value: (row) => row.title },
  { header: 'Address', value: (row) => `/blog/${row.slug}` },
  { header: 'Status', value: (row) => labelOf('PostStatus', row.status) },
  { header: 'Author', value: (row) => row.authorName },
  { header: 'Published or due', value: (row) => row.publishedAt ?? '' },
  { header: 'Updated', value: (row) => row.updatedAt },
]

function AdminBlogPage() {
  const { api } = useAppContext()
  const list = useListSearch(blogListSpec, Route.useSearch(), Route.useNavigate())
  const rows = useQuery({ ...postRecordsQueryOptions(api.blogPostRecords, apiQuery(list.query)), placeholderData: keepPreviousData })
  const counts = rows.data?.counts
  const write = (variant?: 'light') => (
    <ButtonLink to="/admin/blogs/new" variant={variant} leftSection={<IconPencilPlus size={16} aria-hidden />}>
      Write a post
    </ButtonLink>
  )

  return (
    <ListPage
      title="Blog"
      intro="Every post of the blog: drafts only the office sees, scheduled posts that go on the blog by themselves at their time, and published posts visitors read. The post changed last comes first."
      list={list}
      result={rows}
      search={{ label: 'Search posts', description: 'By title, excerpt or author.' }}
      filters={
        <ChipFilter
          label="Status"
          allLabel="All posts"
          allCount={counts ? counts.draft + counts.scheduled + counts.published : undefined}
          options={optionsOf('PostStatus').map((option) => ({ ...option, count: counts?.[option.value] }))}
          value={list.query.status}
          onChange={(status) => list.change({ status })}
        />
      }
      caption="Blog posts"
      columns={columns}
      rowKey={(row) => row.id}
      rowTitle={(row) => (
        <AnchorLink to="/admin/blogs/$postId" params={{ postId: row.id }}>
          {row.title}
        </AnchorLink>
      )}
      actions={write()}
      noun={{ one: 'post', many: 'posts' }}
      empty={{
        title: 'No posts yet',
        description: 'Write the first post: it starts as a draft that only the office sees, and goes on the blog when you publish it or when the time you schedule comes.',
        action: write('light'),
      }}
      noMatch={{ title: 'No posts match your search', description: 'Check the spelling, search by the author’s name instead, or choose another status.' }}
      csv={{ fileName: 'blog-posts.csv', columns: csvColumns, fetchPage: (page, pageSize) => api.blogPostRecords.list({ ...apiQuery(list.query), page, pageSize }) }}
    />
  )
}
