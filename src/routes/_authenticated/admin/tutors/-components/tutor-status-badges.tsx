import { Badge, Group, type MantineSize } from '@mantine/core'
import type { TutorSummary } from '@/api/tutors'
import { labelOf } from '@shared/labels'
import { TUTOR_STATUS_COLORS } from './tutor-words'

/**
 * A tutor's status, and beside it whether their account is deactivated: that is kept apart from the status (under
 * Settings, Staff accounts), and without it an office reading "Active" would think the tutor can sign in.
 */
export function TutorStatusBadges({ tutor, size }: { tutor: Pick<TutorSummary, 'status' | 'accountDeactivated'>; size?: MantineSize }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge size={size} variant="dot" color={TUTOR_STATUS_COLORS[tutor.status]} c="inherit">
        {labelOf('TutorStatus', tutor.status)}
      </Badge>
      {tutor.accountDeactivated && (
        <Badge size={size} variant="light" color="red" c="inherit" tt="none">
          Account deactivated
        </Badge>
      )}
    </Group>
  )
}
