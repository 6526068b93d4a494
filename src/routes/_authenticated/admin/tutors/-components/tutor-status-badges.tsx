import { Group } from '@mantine/core'
import type { TutorSummary } from '@/api/tutors'
import { StatusBadge } from '@/ui/back-office/status-badge'

/**
 * A tutor's status, and beside it whether their account is deactivated: that is kept apart from the status (under
 * Settings, Staff accounts), and without it an office reading "Active" would think the tutor can sign in.
 */
export function TutorStatusBadges({ tutor, size }: { tutor: Pick<TutorSummary, 'status' | 'accountDeactivated'>; size?: 'md' | 'lg' }) {
  return (
    <Group gap={6} wrap="wrap">
      <StatusBadge of="TutorStatus" value={tutor.status} size={size} />
      {tutor.accountDeactivated && (
        <StatusBadge color="red" variant="light" size={size}>
          Account deactivated
        </StatusBadge>
      )}
    </Group>
  )
}
