import { Table } from '@mantine/core'

/** One row of a figure's table: what it counts (the row's heading) and how many. */
export interface FigureRow {
  key: string
  label: string
  value: number
}

const count = new Intl.NumberFormat('en-GB')
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 })

/** A count as staff read it: "1,234". */
export const formatCount = (value: number) => count.format(value)

/** A share of a whole (0 to 1) as a percentage: "92%". */
export const formatPercent = (share: number) => percent.format(share)

/**
 * A figure's numbers as a table, for everyone the chart does not serve: screen readers move through it cell by cell
 * with each number's heading, and keyboard users read it without a pointer. A total row ends it; `withShare` adds
 * each row's part of the total.
 */
export function FigureTable({
  caption,
  header,
  valueHeader = 'Lessons delivered',
  rows,
  withShare = false,
}: {
  caption: string
  header: string
  valueHeader?: string
  rows: FigureRow[]
  withShare?: boolean
}) {
  const total = rows.reduce((sum, row) => sum + row.value, 0)
  return (
    <Table captionSide="top" verticalSpacing={6}>
      <Table.Caption ta="start">{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{header}</Table.Th>
          <Table.Th scope="col" ta="end">
            {valueHeader}
          </Table.Th>
          {withShare && (
            <Table.Th scope="col" ta="end">
              Share
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={400}>
              {row.label}
            </Table.Th>
            <Table.Td ta="end">{formatCount(row.value)}</Table.Td>
            {withShare && <Table.Td ta="end">{total === 0 ? '–' : formatPercent(row.value / total)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">Total</Table.Th>
          <Table.Td ta="end" fw={700}>
            {formatCount(total)}
          </Table.Td>
          {withShare && <Table.Td />}
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  )
}
