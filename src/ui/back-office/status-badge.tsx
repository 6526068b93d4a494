import { Badge } from '@mantine/core'
import type { ReactNode } from 'react'
import { labelOf, type Audience, type EnumValue } from '@shared/labels'
import { statusColor, type StatusColor, type StatusKind } from '@shared/status-colors'
import { formatDate } from '@/ui/format-date-time'
import classes from './status-badge.module.css'

/** A status of the contract: its words (for `audience`) from shared/labels.ts and its colour from shared/status-colors.ts. */
interface ContractStatus<Kind extends StatusKind> {
  of: Kind
  value: EnumValue<Kind>
  audience?: Audience
  color?: never
  children?: never
}

/** Words of the screen's own (a flag such as "Overdue", or a status with words around it) in one of the status colours. */
interface OwnWords {
  color: StatusColor
  children: ReactNode
  of?: never
  value?: never
  audience?: never
}

export type StatusBadgeProps<Kind extends StatusKind> = (ContractStatus<Kind> | OwnWords) & {
  size?: 'sm' | 'md' | 'lg'
  /**
   * `dot` (a dot in the colour beside words in the page's colour) for a status; `light` or `filled` for a flag that
   * must stand out, `outline` for a quiet fact beside a status.
   */
  variant?: 'dot' | 'light' | 'filled' | 'outline'
  leftSection?: ReactNode
  title?: string
  /** A calendar day the status runs to, written whole after its words: "Current (to 23 Sept 2027)". None when `on` is empty. */
  date?: { words: string; on: string | null | undefined }
}

/**
 * A status as every back-office screen shows it: never cut short, in a table's narrow column or on a phone (it wraps
 * instead), with any date in full in the back office's format.
 */
export function StatusBadge<Kind extends StatusKind>(props: StatusBadgeProps<Kind>) {
  const { size = 'md', variant = 'dot', leftSection, title, date } = props
  const own = props.of === undefined ? (props as OwnWords) : undefined
  const status = own === undefined ? (props as ContractStatus<Kind>) : undefined
  return (
    <Badge
      size={size}
      variant={variant}
      color={status ? statusColor(status.of, status.value) : own?.color}
      // Coloured text on a tinted badge is too faint to read: the words take the page's colour, but for white on a filled badge.
      c={variant === 'filled' ? undefined : 'inherit'}
      tt="none"
      leftSection={leftSection}
      title={title}
      classNames={{ root: classes.root, label: classes.label }}
    >
      {status ? labelOf(status.of, status.value, status.audience) : own?.children}
      {date?.on && (
        <>
          {' '}
          ({date.words}{' '}
          <time dateTime={date.on} className={classes.date}>
            {formatDate(date.on)}
          </time>
          )
        </>
      )}
    </Badge>
  )
}
