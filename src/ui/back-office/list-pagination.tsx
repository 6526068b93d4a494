import { Group, NativeSelect, Pagination, Text } from '@mantine/core'

export interface ListPaginationProps {
  /** Names the navigation landmark, e.g. "Registration pages". */
  label: string
  page: number
  pageSize: number
  total: number
  pageSizes: readonly number[]
  onPageChange: (page: number) => void
  onPageSizeChange: (pageSize: number) => void
}

/** Which rows are shown, page numbers and rows per page, under a server-paged list. */
export function ListPagination({ label, page, pageSize, total, pageSizes, onPageChange, onPageSizeChange }: ListPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total)
  const last = Math.min(page * pageSize, total)

  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Text size="sm" aria-live="polite">
        {first > 0 ? `Showing ${first}–${last} of ${total}` : `No rows on page ${page}`}
      </Text>
      <Group gap="md" wrap="wrap">
        <NativeSelect
          label="Rows per page"
          size="xs"
          w={120}
          data={pageSizes.map(String)}
          value={String(pageSize)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        />
        {pages > 1 && (
          <nav aria-label={label}>
            <Pagination
              size="sm"
              total={pages}
              value={Math.min(page, pages)}
              onChange={onPageChange}
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}`, 'aria-current': item === page ? 'page' : undefined })}
            />
          </nav>
        )}
      </Group>
    </Group>
  )
}
