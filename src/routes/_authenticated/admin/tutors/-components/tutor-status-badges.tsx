import { Group } from '@mantine/core'
import { lacksValidCheck, type TutorSummary } from '@/api/tutors'
import { StatusBadge } from '@/ui/back-office/status-badge'

/**
 * A tutor's status, and beside it whether their account is deactivated (that is kept apart from the status, under
 * Settings, Staff accounts, and without it an office reading "Active" would think the tutor can sign in) and whether
 * an active tutor lacks a valid safeguarding check (then they may not teach).
 */
export function TutorStatusBadges({ tutor, size }: { tutor: Pick<TutorSummary, 'status' | 'accountDeactivated' | 'checkState'>; size?: 'md' | 'lg' }) {
  return (
    <Group gap={6} wrap="wrap">
      <StatusBadge of="TutorStatus" value={tutor.status} size={size} />
      {tutor.accountDeactivated && (
        <StatusBadge color="red" variant="light" size={size}>
          Account deactivated
        </StatusBadge>
      )}
      {lacksValidCheck(tutor) && (
        <StatusBadge color="red" variant="filled" size={size}>
          May not teach: no valid check
        </StatusBadge>
      )}
    </Group>
  )
}
