import { Badge } from '@mantine/core'
import { labelOf, type EnumValue } from '@shared/labels'
import { CONCERN_SEVERITY_COLORS, CONCERN_STATUS_COLORS } from './concern-words'

/** A concern's severity in words ("High", or the staff wording "High: needs the office today"). */
export function SeverityBadge({ severity, long = false, size = 'md' }: { severity: EnumValue<'ConcernSeverity'>; long?: boolean; size?: 'md' | 'lg' }) {
  return (
    <Badge size={size} variant="light" color={CONCERN_SEVERITY_COLORS[severity]} c="inherit" tt="none">
      {long ? labelOf('ConcernSeverity', severity, 'staff') : `${labelOf('ConcernSeverity', severity)} severity`}
    </Badge>
  )
}

export function ConcernStatusBadge({ status, size = 'md' }: { status: EnumValue<'ConcernStatus'>; size?: 'md' | 'lg' }) {
  return (
    <Badge size={size} variant="dot" color={CONCERN_STATUS_COLORS[status]} c="inherit" tt="none">
      {labelOf('ConcernStatus', status)}
    </Badge>
  )
}
