import { Button, Group, Stack, Text, Title } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { components } from '@/api/schema.gen'
import { toCsv, downloadFile, type CsvColumn } from '@/ui/back-office/csv'
import { DataTable, type DataColumn } from '@/ui/back-office/data-table'
import { ExportButton, type ExportProgress } from '@/ui/back-office/export-button'
import { FilterBar, SearchBox } from '@/ui/back-office/filter-bar'
import { ListPagination } from '@/ui/back-office/list-pagination'
import {
  nextListSearch,
  type FilterSpecs,
  resolveListSearch,
  type ListSearch,
  type ListSearchSpec,
  type ResolvedListSearch,
} from '@/ui/back-office/list-search'
import { errorMessage } from '@/app/server-errors'

type DownloadPurpose = components['parameters']['DownloadPurpose']

type Filters = FilterSpecs

/** A list page's state as its address holds it, and the ways to change it. */
export interface ListState<F extends Filters, S extends string> {
  spec: ListSearchSpec<F, S>
  /** What the address says (defaults left out). */
  search: ListSearch<F, S>
  /** The same with every default filled in: what the API is asked for and the controls show. */
  query: ResolvedListSearch<F, S>
  /** A new filter, search text, sort or page size goes back to page 1; typing replaces the history entry. */
  change: (next: Partial<ResolvedListSearch<F, S>>) => void
  /** Every filter and the search off: the list's default view. */
  clear: () => void
  /** Whether any filter or search narrows the list. */
  filtered: boolean
}

/**
 * The list state of a route, read from its validated search and changed through its navigate: one call per list
 * page, `useListSearch(spec, Route.useSearch(), Route.useNavigate())`.
 */
export function useListSearch<F extends Filters, S extends string>(
  spec: ListSearchSpec<F, S>,
  search: ListSearch<F, S>,
  navigate: (options: { search: ListSearch<F, S>; replace?: boolean }) => Promise<unknown>,
): ListState<F, S> {
  const { history } = useRouter()
  // Where this list is. A search typed just before following a row's link reports after its pause, while the list
  // still shows under the page that is loading: by then the person has moved on, and the list must not call them back.
  const [listPath] = useState(() => history.location.pathname)
  const query = resolveListSearch(spec, search)
  const filtered = query.q !== undefined || Object.keys(spec.filters).some((key) => (query as Record<string, unknown>)[key] !== undefined)
  return {
    spec,
    search,
    query,
    filtered,
    change: (next) => {
      if (history.location.pathname !== listPath) return
      void navigate({ search: nextListSearch(spec, search, next), replace: 'q' in next })
    },
    clear: () => void navigate({ search: {} }),
  }
}

export interface ListPageProps<Row, F extends Filters, S extends string> {
  title: string
  /** What the list holds, in a sentence or two. */
  intro: ReactNode
  /** Buttons beside the title, such as "Add a learner". */
  actions?: ReactNode
  list: ListState<F, S>
  /** The rows of the page the address asks for, with the total across pages. */
  result: UseQueryResult<{ items: Row[]; total: number }>
  /** Filter controls (SegmentedFilter, ChipFilter) bound to `list.change`. */
  filters?: ReactNode
  search?: { label: string; description: string }
  caption: string
  columns: DataColumn<Row, S>[]
  rowKey: (row: Row) => string
  /** Each row's title: a typed link to its page, or text. */
  rowTitle: (row: Row) => ReactNode
  /** Whether a click anywhere on a row follows its title's link. */
  rowLinked?: boolean
  /** The noun for one row and for several, as in "12 registrations". */
  noun: { one: string; many: string }
  /** What an empty list says and offers, before anything exists. */
  empty: { title: string; description: ReactNode; action?: ReactNode }
  /** What a list narrowed to nothing says. */
  noMatch: { title: string; description: ReactNode }
  /**
   * The CSV export of every row the filters match, fetched a page at a time. The first page is asked with `purpose`
   * (csv) where the list's operation takes it, so the server records who downloaded the list.
   */
  csv?: { fileName: string; columns: readonly CsvColumn<Row>[]; fetchPage: (page: number, pageSize: number, purpose: DownloadPurpose | undefined) => Promise<{ items: Row[]; total: number }> }
}

/**
 * Every back-office list: title, filters and search, a sortable server-paged table with its loading, empty and
 * error states, pages, and a CSV export of the filtered rows. A list page supplies its columns, filters and words.
 */
export function ListPage<Row, F extends Filters, S extends string>(props: ListPageProps<Row, F, S>) {
  const { list, result, noun } = props
  const { query, spec } = list
  const total = result.data?.total
  const sorts = spec.sorts

  return (
    <Stack gap="lg" py="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap="xs" maw={720}>
          <Title order={1}>{props.title}</Title>
          <Text>{props.intro}</Text>
        </Stack>
        {props.actions && <Group gap="sm">{props.actions}</Group>}
      </Group>
      {(props.filters !== undefined || props.search !== undefined) && (
        <FilterBar>
          {props.filters}
          {props.search && (
            <SearchBox
              label={props.search.label}
              description={props.search.description}
              value={query.q ?? ''}
              maxLength={spec.maxQueryLength}
              onChange={(q) => list.change({ q: q === '' ? undefined : q } as Partial<ResolvedListSearch<F, S>>)}
            />
          )}
        </FilterBar>
      )}
      <DataTable
        caption={props.caption}
        columns={props.columns}
        rows={result.data?.items}
        rowKey={props.rowKey}
        rowTitle={props.rowTitle}
        rowLinked={props.rowLinked ?? true}
        sort={sorts.length > 0 ? { value: query.sort, onChange: (sort) => list.change({ sort } as Partial<ResolvedListSearch<F, S>>) } : undefined}
        loading={result.isPending}
        refreshing={result.isPlaceholderData}
        error={result.isError ? { message: errorMessage(result.error), onRetry: () => void result.refetch() } : null}
        skeletonRows={Math.min(query.pageSize, 10)}
        empty={
          total !== undefined && total > 0
            ? {
                title: `There is no page ${query.page} for this view`,
                description: `These filters match ${total} ${total === 1 ? noun.one : noun.many}, on fewer pages.`,
                action: (
                  <Button variant="light" onClick={() => list.change({ page: 1 } as Partial<ResolvedListSearch<F, S>>)}>
                    Go to the first page
                  </Button>
                ),
              }
            : list.filtered
              ? {
                  ...props.noMatch,
                  action: (
                    <Button variant="light" onClick={list.clear}>
                      Clear filters
                    </Button>
                  ),
                }
              : props.empty
        }
      />
      {total !== undefined && total > 0 && (
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <ListPagination
            label={`${noun.one.charAt(0).toUpperCase()}${noun.one.slice(1)} pages`}
            page={query.page}
            pageSize={query.pageSize}
            total={total}
            pageSizes={spec.pageSizes}
            onPageChange={(page) => list.change({ page } as Partial<ResolvedListSearch<F, S>>)}
            onPageSizeChange={(pageSize) => list.change({ pageSize } as Partial<ResolvedListSearch<F, S>>)}
          />
          {props.csv && <ExportButton onExport={(progress) => exportCsv(props.csv!, Math.max(...spec.pageSizes), progress)} />}
        </Group>
      )}
    </Stack>
  )
}

/** Fetches every row the list's filters match, a page at a time with progress, and downloads them as CSV. */
async function exportCsv<Row>(csv: NonNullable<ListPageProps<Row, Filters, string>['csv']>, pageSize: number, progress: (state: ExportProgress) => void): Promise<void> {
  const rows: Row[] = []
  for (let page = 1; ; page++) {
    const answer = await csv.fetchPage(page, pageSize, page === 1 ? 'csv' : undefined)
    rows.push(...answer.items)
    progress({ done: rows.length, total: answer.total })
    if (answer.items.length === 0 || rows.length >= answer.total) break
  }
  downloadFile(csv.fileName, toCsv(csv.columns, rows))
}
