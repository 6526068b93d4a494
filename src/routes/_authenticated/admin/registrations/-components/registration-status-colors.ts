import type { MantineColor } from '@mantine/core'
import type { RegistrationStatus } from '@/api/registrations'

/** The colour of each status's badge dot; the words are in shared/labels.ts. */
export const registrationStatusColors: Record<RegistrationStatus, MantineColor> = {
  new: 'blue',
  in_review: 'yellow',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'gray',
}
