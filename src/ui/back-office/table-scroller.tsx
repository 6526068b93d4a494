import { Table } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * A table wider than a phone, scrolled sideways inside its card. The scroller takes focus, so keyboard users can
 * scroll it with the arrow keys, and is named after the table.
 */
export function TableScroller({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer type="native" minWidth={minWidth} tabIndex={0} role="group" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  )
}
