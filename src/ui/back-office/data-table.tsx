import { EmptyState, Skeleton, Table, UnstyledButton, VisuallyHidden, type MantineBreakpoint } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconInbox } from '@tabler/icons-react'
import type { MouseEvent, ReactNode } from 'react'
import classes from './data-table.module.css'
import { LoadFailedAlert } from './load-failed-alert'

/** How a column sorts: the list's sort value for each direction it offers. */
export interface ColumnSort<Sort extends string> {
  ascending?: Sort
  descending?: Sort
}

export interface DataColumn<Row, Sort extends string = string> {
  key: string
  header: string
  cell: (row: Row) => ReactNode
  /** Present when the list can be sorted by this column. */
  sort?: ColumnSort<Sort>
  /** Hidden below this breakpoint, so a phone shows the few columns that matter. */
  visibleFrom?: MantineBreakpoint
}

export interface DataTableProps<Row, Sort extends string = string> {
  /** Names the table for assistive technology, e.g. "Registrations". */
  caption: string
  columns: DataColumn<Row, Sort>[]
  /** The rows of this page; undefined until the first answer. */
  rows: Row[] | undefined
  rowKey: (row: Row) => string
  /**
   * Each row's title, shown first in the first column: a link to the row's page (the route's typed link, reachable
   * with Tab, opened with Enter), or plain text when the row has no page.
   */
  rowTitle?: (row: Row) => ReactNode
  /** When the titles are links, a click anywhere else on a row follows its link too. */
  rowLinked?: boolean
  sort?: { value: Sort; onChange: (sort: Sort) => void }
  /** The first load: skeleton rows instead of the table body. */
  loading: boolean
  /** A later load with the previous rows still shown. */
  refreshing?: boolean
  error?: { message: string; onRetry: () => void } | null
  /** What an empty page says, and what to do next. */
  empty: { title: string; description: ReactNode; action?: ReactNode }
  skeletonRows?: number
}

/** A server-paged table: sortable headers with aria-sort, row links, loading, empty and error states. */
export function DataTable<Row, Sort extends string = string>(props: DataTableProps<Row, Sort>) {
  const { caption, columns, rows, rowKey, rowTitle, rowLinked = false, sort, loading, refreshing = false, error, empty } = props

  if (error) {
    return (
      <LoadFailedAlert what={caption} message={error.message} onRetry={error.onRetry} />
    )
  }

  if (!loading && rows?.length === 0) {
    return (
      <EmptyState
        py="xl"
        icon={<IconInbox aria-hidden />}
        withIndicatorBackground
        title={empty.title}
        description={empty.description}
      >
        {empty.action}
      </EmptyState>
    )
  }

  const followRowLink = (event: MouseEvent<HTMLTableRowElement>) => {
    const target = event.target as HTMLElement
    // Clicks on the link itself, or on any other control in the row, do what they do already.
    if (target.closest('a, button, input, select, textarea, label')) return
    if (window.getSelection()?.toString()) return
    event.currentTarget.querySelector<HTMLAnchorElement>('[data-row-title] a')?.click()
  }

  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table
        highlightOnHover={rowLinked}
        verticalSpacing="sm"
        aria-busy={loading || refreshing}
        className={refreshing ? classes.refreshing : undefined}
      >
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                visibleFrom={column.visibleFrom}
                scope="col"
                aria-sort={column.sort && sort ? ariaSort(column.sort, sort.value) : undefined}
              >
                {column.sort && sort ? <SortButton column={column} sort={column.sort} current={sort.value} onChange={sort.onChange} /> : column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading || !rows
            ? Array.from({ length: props.skeletonRows ?? 5 }, (_, index) => (
                <Table.Tr key={index} aria-hidden>
                  {columns.map((column) => (
                    <Table.Td key={column.key} visibleFrom={column.visibleFrom}>
                      <Skeleton h={16} w={column === columns[0] ? '80%' : '60%'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => (
                <Table.Tr key={rowKey(row)} onClick={rowLinked ? followRowLink : undefined} className={rowLinked ? classes.linkedRow : undefined}>
                  {columns.map((column, index) => (
                    <Table.Td key={column.key} visibleFrom={column.visibleFrom}>
                      {index === 0 && rowTitle && (
                        <span className={classes.rowTitle} data-row-title="">
                          {rowTitle(row)}
                        </span>
                      )}
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
      {(loading || refreshing) && (
        <VisuallyHidden role="status">Loading {caption.toLowerCase()}…</VisuallyHidden>
      )}
    </Table.ScrollContainer>
  )
}

function ariaSort<Sort extends string>(columnSort: ColumnSort<Sort>, current: Sort): 'ascending' | 'descending' | 'none' {
  if (columnSort.ascending === current) return 'ascending'
  if (columnSort.descending === current) return 'descending'
  return 'none'
}

/** A header that sorts by its column; a second press turns the order round when the column offers both. */
function SortButton<Row, Sort extends string>({
  column,
  sort,
  current,
  onChange,
}: {
  column: DataColumn<Row, Sort>
  sort: ColumnSort<Sort>
  current: Sort
  onChange: (sort: Sort) => void
}) {
  const state = ariaSort(sort, current)
  const next = state === 'descending' ? (sort.ascending ?? sort.descending) : state === 'ascending' ? (sort.descending ?? sort.ascending) : (sort.descending ?? sort.ascending)
  const Icon = state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconArrowsSort
  return (
    <UnstyledButton className={classes.sortButton} onClick={() => next !== undefined && next !== current && onChange(next)}>
      {column.header}
      <Icon size={14} aria-hidden />
    </UnstyledButton>
  )
}
