import { ENUMS } from './contract.gen.ts'

/**
 * The words people read for every value the contract sends as a code: one table per enum of openapi.yaml, keyed by
 * the enum's name, so an enum added to the contract fails the type check here until it has words. `public` is what
 * visitors and applicants read; a table adds `staff` where the back office says it otherwise, `tutor` where the
 * tutor application addresses a tutor, and `short` where a filter needs one word.
 */
export type EnumName = keyof typeof ENUMS
export type EnumValue<Name extends EnumName> = `${(typeof ENUMS)[Name][number]}`
export type Audience = 'public' | 'staff' | 'tutor' | 'short'

type Wordings<Name extends EnumName> = { public: Record<EnumValue<Name>, string> } & Partial<Record<Exclude<Audience, 'public'>, Record<EnumValue<Name>, string>>>

export const LABELS = {
  Role: { public: { ADMIN: 'Admin', TUTOR: 'Tutor' } },
  DeliveryMode: {
    public: { home: 'At home', school: 'At school', online: 'Online', community: 'At a community venue' },
    staff: { home: 'At home', school: 'At school', online: 'Online', community: 'In the community' },
    tutor: { home: "At learners' homes", school: 'In schools', online: 'Online', community: 'In community venues' },
  },
  Weekday: {
    public: { monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' },
  },
  TimeOfDay: {
    public: { morning: 'Morning (before 12:00)', afternoon: 'Afternoon (12:00 to 15:00)', after_school: 'After school (15:00 to 18:00)', evening: 'Evening (after 18:00)' },
    tutor: { morning: 'Mornings (before 12:00)', afternoon: 'Afternoons (12:00 to 15:00)', after_school: 'After school (15:00 to 18:00)', evening: 'Evenings (after 18:00)' },
  },
  SchoolYear: {
    public: {
      reception: 'Reception',
      year_1: 'Year 1',
      year_2: 'Year 2',
      year_3: 'Year 3',
      year_4: 'Year 4',
      year_5: 'Year 5',
      year_6: 'Year 6',
      year_7: 'Year 7',
      year_8: 'Year 8',
      year_9: 'Year 9',
      year_10: 'Year 10',
      year_11: 'Year 11',
      year_12: 'Year 12',
      year_13: 'Year 13',
    },
  },
  StudyLevel: {
    public: {
      early_years: 'Early years (under 5)',
      primary: 'Primary (Reception to Year 6)',
      ks3: 'Key Stage 3 (Years 7 to 9)',
      gcse: 'GCSE (Years 10 and 11)',
      a_level: 'A level (Years 12 and 13)',
      adult: 'Adult learning',
      other: 'Something else',
    },
    staff: { early_years: 'Early years (under 5)', primary: 'Primary', ks3: 'Key stage 3 (years 7–9)', gcse: 'GCSE', a_level: 'A level', adult: 'Adult', other: 'Other' },
    tutor: { early_years: 'Early years (under 5)', primary: 'Primary', ks3: 'Key stage 3 (years 7 to 9)', gcse: 'GCSE', a_level: 'A level', adult: 'Adult learners', other: 'Other' },
  },
  HowHeard: {
    public: {
      search_engine: 'A search engine',
      social_media: 'Social media',
      friend_or_family: 'A friend or family member',
      school: 'A school',
      community_group: 'A community group',
      leaflet_or_poster: 'A leaflet or poster',
      other: 'Somewhere else',
    },
  },
  ApplicantType: {
    public: {
      parent_guardian: 'A parent or guardian, for my child',
      adult_learner: 'An adult learner, for myself',
      referral: 'A teacher or support worker, referring a learner',
    },
    staff: { parent_guardian: 'A parent or guardian', adult_learner: 'An adult learner, for themselves', referral: 'A referrer (teacher or support worker)' },
  },
  ContactRelationship: {
    public: { parent: 'Parent', guardian: 'Guardian', carer: 'Carer', self: 'I am the learner', teacher: 'Teacher', support_worker: 'Support worker', other: 'Other' },
    staff: { parent: 'Parent', guardian: 'Guardian', carer: 'Carer', self: 'The learner themselves', teacher: 'Teacher', support_worker: 'Support worker', other: 'Other' },
  },
  PreferredContact: { public: { email: 'Email', phone: 'Phone call', text: 'Text message' } },
  SchoolType: {
    public: {
      primary: 'Primary school',
      secondary: 'Secondary school',
      all_through: 'All-through school',
      special: 'Special school',
      alternative_provision: 'Alternative provision',
      sixth_form: 'Sixth form or college',
      independent: 'Independent school',
      other: 'Another kind of setting',
    },
    staff: {
      primary: 'Primary',
      secondary: 'Secondary',
      all_through: 'All-through',
      special: 'Special school',
      alternative_provision: 'Alternative provision',
      sixth_form: 'Sixth form',
      independent: 'Independent',
      other: 'Other',
    },
  },
  SchoolDelivery: { public: { school_day: 'In the school day', after_school: 'After school', online: 'Online' } },
  LessonFrequency: {
    public: { weekly: 'Once a week', twice_weekly: 'Twice a week', fortnightly: 'Every two weeks', flexible: 'Flexible' },
    staff: { weekly: 'Weekly', twice_weekly: 'Twice a week', fortnightly: 'Fortnightly', flexible: 'Flexible' },
  },
  LessonMinutes: { public: { '30': '30 minutes', '45': '45 minutes', '60': '1 hour', '90': '1 hour 30 minutes' } },
  SchoolTerm: { public: { autumn: 'Autumn term', spring: 'Spring term', summer: 'Summer term' } },
  HighestQualification: {
    public: {
      gcse: 'GCSEs or equivalent',
      a_level: 'A levels or equivalent',
      degree: 'Undergraduate degree',
      postgraduate: 'Postgraduate degree or PGCE',
      doctorate: 'Doctorate',
      other: 'Other',
    },
    staff: { gcse: 'GCSE', a_level: 'A level', degree: 'Degree', postgraduate: 'Postgraduate degree', doctorate: 'Doctorate', other: 'Other' },
  },
  RegistrationEventKind: { public: { submitted: 'Sent', status: 'Status changed', accepted: 'Accepted', note: 'Note' } },
  RegistrationType: {
    public: { subject: 'Subject enrolment', course: 'Course enrolment', school: 'School enrolment', tutor: 'Tutor application' },
    short: { subject: 'Subject', course: 'Course', school: 'School', tutor: 'Tutor' },
  },
  MailKind: {
    public: {
      password_reset: 'Password reset',
      staff_invitation: 'Staff invitation',
      tutor_invitation: 'Tutor invitation',
      second_step_reset: 'Second sign-in step reset',
      sign_in_warning: 'Sign-in warning',
      contact_message: 'Contact message',
      registration_confirmation: 'Registration received',
      registration_notification: 'New registration (office)',
      enrolment_accepted: 'Enrolment accepted',
      registration_closed: 'Registration closed',
      placement_started: 'Placement started',
      placement_ended: 'Placement ended',
      report_returned: 'Report returned',
      safeguarding_concern: 'Safeguarding concern',
      report_shared: 'Lesson report to a family or school',
      family_link: 'Family page link',
      lesson_reminder: 'Lesson reminder',
      lesson_changed: 'Lesson moved or cancelled',
      other: 'Other',
    },
  },
  MailStatus: { public: { pending: 'Waiting', stored: 'Kept (no mail server)', sent: 'Sent', failed: 'Failed' } },
  MailFilter: { public: { pending: 'Waiting', stored: 'Kept (no mail server)', sent: 'Sent', failed: 'Failed', failed_this_week: 'Failed this week' } },
  RegistrationStatus: { public: { new: 'New', in_review: 'In review', accepted: 'Accepted', rejected: 'Rejected', withdrawn: 'Withdrawn' } },
  StudentStatus: { public: { waiting: 'Waiting for a tutor', active: 'Active', paused: 'Paused', finished: 'Finished' }, short: { waiting: 'Waiting', active: 'Active', paused: 'Paused', finished: 'Finished' } },
  TutorStatus: {
    public: { invited: 'Invited', active: 'Active', paused: 'Paused', left: 'Left' },
    staff: { invited: 'Invited (no password yet)', active: 'Active', paused: 'Paused', left: 'Left' },
  },
  CheckState: {
    public: { current: 'Current', expiring: 'Renew soon', expired: 'Expired', none: 'No check recorded' },
    short: { current: 'Current', expiring: 'Renew soon', expired: 'Expired', none: 'None' },
  },
  CheckFilter: {
    public: { current: 'Current', expiring: 'Renew soon', expired: 'Expired', none: 'No check recorded', not_valid: 'No valid check' },
  },
  SafeguardingCheckType: {
    public: { enhanced_barred: 'Enhanced DBS with barred lists', enhanced: 'Enhanced DBS', basic: 'Basic DBS', other: 'Other check' },
    short: { enhanced_barred: 'Enhanced + barred', enhanced: 'Enhanced', basic: 'Basic', other: 'Other' },
  },
  HistorySubject: { public: { student: 'Learner', school: 'School', tutor: 'Tutor', lesson: 'Lesson', safeguarding_concern: 'Safeguarding concern', course: 'Course', blog_post: 'Blog post' } },
  HistoryAction: {
    public: {
      'student.created': 'Added',
      'student.updated': 'Edited',
      'school.created': 'Added',
      'school.updated': 'Edited',
      'tutor.created': 'Added',
      'tutor.invited': 'Invited',
      'tutor.updated': 'Edited',
      'tutor.status_changed': 'Status changed',
      'tutor.check_recorded': 'Safeguarding check recorded',
      'placement.started': 'Placed with a tutor',
      'placement.ended': 'Placement ended',
      'placement.moved': 'Moved to another tutor',
      'lesson.planned': 'Lesson planned',
      'lesson.moved': 'Lesson moved',
      'lesson.cancelled': 'Lesson cancelled',
      'lesson.missed': 'Marked missed',
      'lesson.report_submitted': 'Report sent',
      'lesson.report_edited': 'Report edited',
      'lesson.report_returned': 'Report returned',
      'lesson.report_resubmitted': 'Report sent again',
      'lesson.report_approved': 'Report approved',
      'lesson.report_held_back': 'Report held back from the family',
      'lesson.report_shared': 'Report sent to the family',
      'concern.raised': 'Safeguarding concern raised',
      'concern.status_changed': 'Status changed',
      'course.created': 'Added',
      'course.updated': 'Edited',
      'course.status_changed': 'Status changed',
      'post.created': 'Started',
      'post.updated': 'Edited',
      'post.status_changed': 'Status changed',
      'post.published': 'Published at its scheduled time',
      'student.anonymised': 'Anonymised',
      'tutor.anonymised': 'Anonymised',
      'school.contact_anonymised': 'A contact anonymised',
    },
  },
  ContactMessageStatus: {
    public: { new: 'New', read: 'Read', handled: 'Handled' },
  },
  ContactMessageFilter: {
    public: { open: 'Not handled', new: 'New', read: 'Read', handled: 'Handled' },
  },
  ActivitySubject: {
    public: { student: 'Learner', school: 'School', tutor: 'Tutor', placement: 'Placement', registration: 'Registration', contact_message: 'Contact message' },
  },
  ActivityAction: {
    public: {
      'student.created': 'Learner added',
      'student.updated': 'Learner edited',
      'school.created': 'School added',
      'school.updated': 'School edited',
      'school.deleted': 'School removed',
      'tutor.created': 'Tutor added',
      'tutor.invited': 'Tutor invited',
      'tutor.updated': 'Tutor edited',
      'tutor.status_changed': 'Tutor status changed',
      'tutor.check_recorded': 'Safeguarding check recorded',
      'placement.started': 'Learner placed with a tutor',
      'placement.ended': 'Placement ended',
      'placement.moved': 'Placement moved to another tutor',
      'registration.status_changed': 'Registration status changed',
      'registration.accepted': 'Registration accepted',
      'contact_message.status_changed': 'Contact message status changed',
    },
  },
  PlacementStatus: {
    public: { active: 'Current', ended: 'Ended', moved: 'Moved' },
  },
  LessonStatus: {
    public: {
      planned: 'Planned',
      awaiting_report: 'Awaiting report',
      submitted: 'Report sent',
      returned: 'Returned',
      resubmitted: 'Sent again',
      approved: 'Approved',
      cancelled: 'Cancelled',
      missed: 'Missed',
    },
    staff: {
      planned: 'Planned',
      awaiting_report: 'Awaiting report',
      submitted: 'To review',
      returned: 'Returned to tutor',
      resubmitted: 'To review (sent again)',
      approved: 'Approved',
      cancelled: 'Cancelled',
      missed: 'Missed',
    },
  },
  LessonEvent: {
    public: {
      TIME_PASSED: 'Time passed',
      MOVE: 'Move',
      CANCEL: 'Cancel',
      MARK_MISSED: 'Mark missed',
      SUBMIT_REPORT: 'Send report',
      EDIT_REPORT: 'Edit report',
      RETURN: 'Return to tutor',
      RESUBMIT: 'Send report again',
      APPROVE: 'Approve',
    },
  },
  Attendance: { public: { present: 'Present', late: 'Late', absent: 'Absent' } },
  CancelledBy: { public: { family: 'The family', school: 'The school', tutor: 'The tutor', office: 'The office' } },
  PersonalDataKind: { public: { learner: 'Learner', contact: 'Contact person', tutor: 'Tutor or staff member', 'school-contact': 'School contact', registration: 'Registration' } },
  ConcernSeverity: {
    public: { low: 'Low', medium: 'Medium', high: 'High' },
    staff: { low: 'Low: worth noting', medium: 'Medium: needs the office this week', high: 'High: needs the office today' },
  },
  ConcernStatus: { public: { open: 'Open', in_hand: 'In hand', closed: 'Closed' } },
  ConcernFilter: { public: { to_act_on: 'To act on', open: 'Open', in_hand: 'In hand', closed: 'Closed' } },
  RecordOpeningKind: { public: { opened: 'Opened', exported: 'Exported everything held', downloaded: 'Downloaded as CSV' } },
  RecordOpeningSubject: {
    public: {
      student: 'Learner',
      tutor: 'Tutor',
      school: 'School',
      lesson_report: 'Lesson report',
      concern: 'Safeguarding concern',
      registration: 'Registration',
      students: 'Learners list',
      tutors: 'Tutors list',
      schools: 'Schools list',
      registrations: 'Registrations list',
      contact_messages: 'Contact messages list',
      lesson_figures: 'Rows behind a lesson figure',
    },
  },
  ReportState: {
    public: { to_review: 'To review', awaiting_report: 'Awaiting report', overdue: 'Overdue', returned: 'Returned', approved: 'Approved' },
  },
  LessonFigure: {
    public: { month: 'Lessons by month', mode: 'Lessons by mode', attendance: 'Attendance', reports: 'Reports on time', tutor: 'Lessons per tutor', school: 'Lessons per school' },
  },
  CourseStatus: {
    public: { draft: 'Draft', published: 'Published', archived: 'Archived' },
    staff: { draft: 'Draft (not on the site)', published: 'Published', archived: 'Archived (kept for its records)' },
  },
  PostStatus: {
    public: { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' },
    staff: { draft: 'Draft (not on the site)', scheduled: 'Scheduled (published at its time)', published: 'Published' },
  },
  StaffStatus: {
    public: { invited: 'Invited', active: 'Active', left: 'Left', deactivated: 'Deactivated' },
    staff: { invited: 'Invited (no password yet)', active: 'Active', left: 'Left (a tutor who has left; cannot sign in)', deactivated: 'Deactivated (cannot sign in)' },
  },
  PageSlug: { public: { 'privacy-notice': 'Privacy notice', 'safeguarding-policy': 'Safeguarding policy', 'terms-of-use': 'Terms of use' } },
  SocialNetwork: { public: { facebook: 'Facebook', instagram: 'Instagram', x: 'X', linkedin: 'LinkedIn', youtube: 'YouTube', tiktok: 'TikTok' } },
  MediaContentType: { public: { 'image/jpeg': 'JPEG photo', 'image/png': 'PNG image', 'image/webp': 'WebP image', 'image/svg+xml': 'SVG drawing' } },
  MediaUseKind: {
    public: { blog_post_cover: 'Cover of the post', blog_post_body: 'In the text of the post', course_image: 'Image of the course', course_description: 'In the description of the course', gallery: 'In the gallery', site_page: 'In the text of a page' },
  },
  SuggestionFactor: {
    public: { subject: 'Subject', level: 'Level', mode: 'Way of teaching', area: 'Area', availability: 'Availability' },
  },
} as const satisfies { [Name in EnumName]: Wordings<Name> }

/** The words for one value, for an audience; a table without that audience's wording answers its public one. */
export function labelOf<Name extends EnumName>(name: Name, value: EnumValue<Name>, audience: Audience = 'public'): string {
  const table = LABELS[name] as Wordings<Name>
  return (table[audience] ?? table.public)[value]
}

export interface Option<Value extends string> {
  value: Value
  label: string
}

/**
 * A select's or checkbox group's data: every value in the contract's order (or only `values`, in their order), with
 * the audience's words.
 */
export function optionsOf<Name extends EnumName>(name: Name, audience: Audience = 'public', values?: readonly EnumValue<Name>[]): Option<EnumValue<Name>>[] {
  const table = LABELS[name] as Wordings<Name>
  const words = table[audience] ?? table.public
  const order = values ?? ((ENUMS[name] as readonly (string | number)[]).map(String) as EnumValue<Name>[])
  return order.map((value) => ({ value, label: words[value] }))
}
