import { labelOf, type EnumValue } from '@shared/labels'
import { statusColor } from '@shared/status-colors'
import { StatusBadge } from '@/ui/back-office/status-badge'

/** A concern's severity in words ("High severity", or the staff wording "High: needs the office today"). */
export function SeverityBadge({ severity, long = false, size = 'md' }: { severity: EnumValue<'ConcernSeverity'>; long?: boolean; size?: 'md' | 'lg' }) {
  return (
    <StatusBadge color={statusColor('ConcernSeverity', severity)} variant="light" size={size}>
      {long ? labelOf('ConcernSeverity', severity, 'staff') : `${labelOf('ConcernSeverity', severity)} severity`}
    </StatusBadge>
  )
}
