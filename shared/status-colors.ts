import type { EnumName, EnumValue } from './labels.ts'

/**
 * The colours a status may take. Each names a Mantine colour whose ink passes WCAG AA in both schemes (the theme
 * gives red, orange, yellow, green and teal inks of their own), and a badge always shows the words beside it.
 */
export type StatusColor = 'blue' | 'teal' | 'green' | 'yellow' | 'orange' | 'red' | 'grape' | 'gray'

/**
 * The colour of every status value, one table per status kind of the contract, beside the words in ./labels.ts:
 * red where something is wrong or blocks work (a tutor who may not be placed), yellow or orange where it needs
 * someone soon, green where all is well, gray where it is over. A value added to the contract fails the type check
 * here until it has a colour.
 */
export const STATUS_COLORS = {
  RegistrationStatus: { new: 'blue', in_review: 'yellow', accepted: 'green', rejected: 'red', withdrawn: 'gray' },
  StudentStatus: { waiting: 'yellow', active: 'green', paused: 'gray', finished: 'gray' },
  TutorStatus: { invited: 'blue', active: 'green', paused: 'yellow', left: 'gray' },
  CheckState: { current: 'green', expiring: 'yellow', expired: 'red', none: 'red' },
  PlacementStatus: { active: 'green', ended: 'gray', moved: 'gray' },
  LessonStatus: { planned: 'blue', awaiting_report: 'orange', submitted: 'teal', returned: 'red', resubmitted: 'teal', approved: 'green', cancelled: 'gray', missed: 'gray' },
  ConcernSeverity: { low: 'blue', medium: 'orange', high: 'red' },
  ConcernStatus: { open: 'red', in_hand: 'yellow', closed: 'gray' },
  ContactMessageStatus: { new: 'blue', read: 'yellow', handled: 'gray' },
  MailStatus: { pending: 'blue', stored: 'yellow', sent: 'green', failed: 'red' },
  CourseStatus: { draft: 'yellow', published: 'green', archived: 'gray' },
  PostStatus: { draft: 'yellow', scheduled: 'blue', published: 'green' },
  StaffStatus: { invited: 'yellow', active: 'green', left: 'gray', deactivated: 'gray' },
} as const satisfies { [Name in EnumName]?: Record<EnumValue<Name>, StatusColor> }

/** The enums whose values show as statuses. */
export type StatusKind = keyof typeof STATUS_COLORS

/** The colour of one status value, e.g. `statusColor('TutorStatus', 'paused')` is yellow. */
export function statusColor<Kind extends StatusKind>(kind: Kind, value: EnumValue<Kind>): StatusColor {
  return (STATUS_COLORS[kind] as Record<EnumValue<Kind>, StatusColor>)[value]
}
