import { Badge, type BadgeProps } from '@mantine/core'
import type { RegistrationStatus } from '@/api/registrations'
import { labelOf } from '@shared/labels'
import { registrationStatusColors } from './registration-status-colors'

/**
 * A registration's status: a dot in its colour beside text in the page's own colour (coloured text on a
 * tinted badge is too faint to read), and a label that never shortens to an ellipsis in a narrow column.
 */
export function RegistrationStatusBadge({ status, size }: { status: RegistrationStatus; size?: BadgeProps['size'] }) {
  return (
    <Badge color={registrationStatusColors[status]} variant="dot" size={size} styles={{ label: { overflow: 'visible' } }}>
      {labelOf('RegistrationStatus', status)}
    </Badge>
  )
}
