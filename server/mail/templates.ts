import type { components } from '../../src/api/schema.gen.ts'
import { labelOf } from '../../shared/labels.ts'
import { longLessonDay } from '../../shared/lesson-time.ts'
import { inWords } from '../../shared/list-words.ts'
import { codesLeftSentence, fewCodesAdvice } from '../../shared/recovery-codes.ts'
import { escapeHtml } from '../lib/html.ts'

type DeliveryMode = components['schemas']['DeliveryMode']
type LessonFrequency = components['schemas']['LessonFrequency']
type MailKind = components['schemas']['MailKind']
type Attendance = components['schemas']['Attendance']

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string | null
  /** What the mail is for, as the Mail screen lists it. */
  kind: MailKind
  /** It holds a link that sets a password (a reset, an invitation): its body is never shown on any screen. */
  carriesSecretLink: boolean
  /** The lesson a report mail is about, so the office can see to whom its family part went. */
  lessonId?: string
}

/** The link sits on a line of its own so every mail client makes it clickable and copyable. */
export function resetPasswordMail(to: { email: string; name: string }, link: string, validMinutes: number): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    'Someone (we hope you) asked to set a new password for your TEC account. Open this link to choose one:',
    '',
    link,
    '',
    `The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
    '',
    'TEC',
  ].join('\n')
  const html = [
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    '<p>Someone (we hope you) asked to set a new password for your TEC account. Open this link to choose one:</p>',
    `<p><a href="${escapeHtml(link)}">Set a new password</a></p>`,
    `<p>The link works once, for ${validMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
    '<p>TEC</p>',
  ].join('\n')
  return { to: to.email, subject: 'Reset your TEC password', text, html, kind: 'password_reset', carriesSecretLink: true }
}

/** The http(s) links a stored message holds, for the development outbox page. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? []
}

/**
 * Tells the organisation (the site settings' email) about a contact message. Plain text only: every field is
 * the visitor's own text. The visitor is never mailed, since anyone can type someone else's address.
 */
export function contactMessageMail(
  to: string,
  message: { reference: string; name: string; email: string; phone: string | null; subject: string; message: string },
): MailMessage {
  const text = [
    `A new message came in through the contact form (${message.reference}).`,
    '',
    `From: ${message.name}`,
    `Email: ${message.email}`,
    `Phone: ${message.phone ?? 'not given'}`,
    `Subject: ${message.subject}`,
    '',
    message.message,
    '',
    'Reply to the sender by email or phone within two working days. The address was typed by the visitor and has not been checked.',
  ].join('\n')
  return { to, subject: `New contact message ${message.reference}`, text, html: null, kind: 'contact_message', carriesSecretLink: false }
}

/** How each registration type is named in mail. */
export const REGISTRATION_KINDS = {
  subject: 'subject enrolment',
  course: 'course enrolment',
  school: 'school enrolment',
  tutor: 'tutor application',
} as const

type RegistrationKind = keyof typeof REGISTRATION_KINDS

/**
 * Confirms a registration to the address it gave. Plain text, and it repeats only the name, the reference, what
 * was enrolled for and what happens next: anyone can type someone else's address, so the mail holds nothing else
 * they sent (`enrolledFor` is made from the site's own lists and records, see registrations/forms.ts).
 */
export function registrationConfirmationMail(
  to: { email: string; name: string },
  registration: { type: RegistrationKind; reference: string; enrolledFor: string; nextSteps: string },
): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    `Thank you for your ${REGISTRATION_KINDS[registration.type]}: ${registration.enrolledFor}.`,
    `Your reference is ${registration.reference}; please quote it if you contact us.`,
    '',
    registration.nextSteps,
    '',
    'If you did not send this, reply to this mail and we will delete it.',
    '',
    'TEC',
  ].join('\n')
  return {
    to: to.email,
    subject: `We have received your ${REGISTRATION_KINDS[registration.type]} (${registration.reference})`,
    text,
    html: null,
    kind: 'registration_confirmation',
    carriesSecretLink: false,
  }
}

/** Tells the team (the site settings' email) that a registration is waiting in the inbox. Plain text only. */
export function registrationNotificationMail(
  to: string,
  registration: { type: RegistrationKind; reference: string; name: string; email: string; summary: string },
  inboxLink: string,
): MailMessage {
  const text = [
    `A new ${REGISTRATION_KINDS[registration.type]} came in (${registration.reference}).`,
    '',
    `Name: ${registration.name}`,
    `Email: ${registration.email}`,
    `Summary: ${registration.summary}`,
    '',
    'Review it in the registrations inbox:',
    '',
    inboxLink,
  ].join('\n')
  return { to, subject: `New ${REGISTRATION_KINDS[registration.type]} ${registration.reference}`, text, html: null, kind: 'registration_notification', carriesSecretLink: false }
}

/** An invitation: the welcome line, the link to choose a password, and how long it works. */
function inviteMail(to: { email: string; name: string }, link: string, validHours: number, welcome: string, kind: 'staff_invitation' | 'tutor_invitation'): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    welcome,
    '',
    link,
    '',
    `The link works once, for ${validHours} hours. Then sign in with this email address and your new password.`,
    'If the link has expired, use "Forgot your password?" on the sign-in page to get a new one.',
    '',
    'TEC',
  ].join('\n')
  const html = [
    `<p>Hello ${escapeHtml(to.name)},</p>`,
    `<p>${escapeHtml(welcome)}</p>`,
    `<p><a href="${escapeHtml(link)}">Choose your password</a></p>`,
    `<p>The link works once, for ${validHours} hours. Then sign in with this email address and your new password.</p>`,
    '<p>If the link has expired, use "Forgot your password?" on the sign-in page to get a new one.</p>',
    '<p>TEC</p>',
  ].join('\n')
  return { to: to.email, subject: 'Welcome to TEC: choose your password', text, html, kind, carriesSecretLink: true }
}

/**
 * Welcomes a tutor with a link to choose a password (the reset-token mechanism, purpose invite): after their
 * application was accepted, or when the office invited them directly.
 */
export function tutorInviteMail(to: { email: string; name: string }, link: string, validHours: number, why: 'accepted' | 'invited'): MailMessage {
  const welcome =
    why === 'accepted'
      ? 'Welcome to TEC: your tutor application has been accepted. Open this link to choose a password for your account:'
      : 'Welcome to TEC: the office has made you a tutor account. Open this link to choose a password for it:'
  return inviteMail(to, link, validHours, welcome, 'tutor_invitation')
}

/** Invites a new admin: who made the account, and the link to choose a password. */
export function adminInviteMail(to: { email: string; name: string }, link: string, validHours: number, invitedBy: string): MailMessage {
  return inviteMail(to, link, validHours, `${invitedBy} has made you an admin account for TEC's office. Open this link to choose a password for it:`, 'staff_invitation')
}

/** Tells a staff member that an admin turned their second sign-in step off, and what to do. */
export function secondFactorResetMail(to: { email: string; name: string }, resetBy: string, publicUrl: string): MailMessage {
  return signInNotice(to, 'The second sign-in step on your TEC account was turned off', publicUrl, 'second_step_reset', [
    `${resetBy} has turned off the second sign-in step (the code from an authenticator app) on your TEC account, for example because your phone was lost.`,
    'You have been signed out everywhere. You can now sign in with your password alone. Set the step up again in your settings with your new phone; admins are asked to at once.',
    'If you did not ask for this, tell the office straight away.',
  ])
}

/** A notice about the person's own sign-in, with a link to sign in: paragraphs of plain words, in text and HTML. */
function signInNotice(to: { email: string; name: string }, subject: string, publicUrl: string, kind: 'second_step_reset' | 'sign_in_warning', lines: string[]): MailMessage {
  const signIn = `${publicUrl}/login`
  const text = [`Hello ${to.name},`, '', ...lines.flatMap((line) => [line, '']), signIn, '', 'TEC'].join('\n')
  const html = [`<p>Hello ${escapeHtml(to.name)},</p>`, ...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(signIn)}">Sign in to TEC</a></p>`, '<p>TEC</p>'].join('\n')
  // The link is the plain sign-in page, which anyone can open: it lets no one in by itself.
  return { to: to.email, subject, text, html, kind, carriesSecretLink: false }
}

/**
 * Tells a staff member that their password was typed right and then a wrong code from their authenticator app, from a
 * browser their account had not signed in from: someone may know the password.
 */
export function wrongCodeAfterPasswordMail(to: { email: string; name: string }, tried: { device: string; address: string }, publicUrl: string): MailMessage {
  return signInNotice(to, 'Someone used your TEC password, then a wrong code', publicUrl, 'sign_in_warning', [
    `Someone typed your TEC password correctly and then a wrong code for the second sign-in step, from ${tried.device} at address ${tried.address}, a browser your account has not signed in from before.`,
    'If this was you, there is nothing to do. If it was not, someone knows your password: sign in, change your password in your settings, and tell the office.',
  ])
}

/** Tells a staff member that unknown browsers can no longer try codes on their account until the password is new. */
export function strangersLockedOutMail(to: { email: string; name: string }, limit: number, publicUrl: string): MailMessage {
  return signInNotice(to, 'Sign-ins to your TEC account from new browsers are stopped', publicUrl, 'sign_in_warning', [
    `${limit} wrong codes for the second sign-in step have been tried on your TEC account from browsers it had not signed in from, after your password was typed correctly. Someone knows your password.`,
    'Until the password is changed, only the browsers you have signed in from before can sign in. Change it now: in your settings if you can sign in, or with “Forgot your password?” on the sign-in page. Then tell the office.',
  ])
}

/** Tells a staff member that one of their recovery codes signed in, from where, and how many are left. */
export function recoveryCodeUsedMail(
  to: { email: string; name: string },
  used: { device: string; address: string; left: number },
  publicUrl: string,
): MailMessage {
  const advice = fewCodesAdvice(used.left)
  return signInNotice(to, 'A recovery code was used to sign in to your TEC account', publicUrl, 'sign_in_warning', [
    `Someone signed in to your TEC account with one of your recovery codes instead of the code from your authenticator app, from ${used.device} at address ${used.address}.`,
    ...(advice ? [`${advice} Sign in and find “New recovery codes” in your settings.`] : [codesLeftSentence(used.left)]),
    'If this was not you, sign in, change your password, end the sessions you do not know under “Where you’re signed in” in your settings, and tell the office straight away.',
  ])
}

/** Tells an enrolment's contact that it was accepted. */
export function enrolmentAcceptedMail(to: { email: string; name: string }, registration: { type: RegistrationKind; reference: string }): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    `Good news: your ${REGISTRATION_KINDS[registration.type]} (${registration.reference}) has been accepted.`,
    'Our team will contact you shortly with the details of your tutor and first session.',
    '',
    'TEC',
  ].join('\n')
  return { to: to.email, subject: `Your ${REGISTRATION_KINDS[registration.type]} is accepted (${registration.reference})`, text, html: null, kind: 'enrolment_accepted', carriesSecretLink: false }
}

/** Tells the person that their registration was rejected or withdrawn, with the reason staff gave. */
export function registrationClosedMail(
  to: { email: string; name: string },
  registration: { type: RegistrationKind; reference: string; status: 'rejected' | 'withdrawn'; reason: string },
): MailMessage {
  const kind = REGISTRATION_KINDS[registration.type]
  const opening =
    registration.status === 'rejected'
      ? `We are sorry: we are unable to go ahead with your ${kind} (${registration.reference}).`
      : `Your ${kind} (${registration.reference}) has been withdrawn.`
  const text = [`Hello ${to.name},`, '', opening, '', `Reason: ${registration.reason}`, '', 'If you have any questions, reply to this mail.', '', 'TEC'].join('\n')
  const subject = registration.status === 'rejected' ? `About your ${kind} (${registration.reference})` : `Your ${kind} is withdrawn (${registration.reference})`
  return { to: to.email, subject, text, html: null, kind: 'registration_closed', carriesSecretLink: false }
}

interface PlacedLessons {
  learner: string
  subject: string
  mode: DeliveryMode
  startsOn: string
  /** The first lesson's London time, when the office agreed one. */
  startTime?: string
  frequency: LessonFrequency
  notes?: string
}

function lessonLines(lessons: PlacedLessons): string[] {
  return [
    `Subject: ${lessons.subject}`,
    `Where: ${labelOf('DeliveryMode', lessons.mode)}`,
    `How often: ${labelOf('LessonFrequency', lessons.frequency)}`,
    lessons.startTime === undefined ? `From: ${longLessonDay(lessons.startsOn)}` : `First lesson: ${longLessonDay(lessons.startsOn)} at ${lessons.startTime}`,
  ]
}

/** Tells a tutor a learner has been placed with them; what they need to start is on their pages. */
export function placementStartedTutorMail(to: { email: string; name: string }, lessons: PlacedLessons, tutorArea: string): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    `The office has placed ${lessons.learner} with you.`,
    '',
    ...lessonLines(lessons),
    ...(lessons.notes ? ['', `From the office: ${lessons.notes}`] : []),
    '',
    `The learner's details and how to reach their contact are in your tutor area: ${tutorArea}`,
    'Please get in touch with them before the first lesson.',
    '',
    'TEC',
  ].join('\n')
  return { to: to.email, subject: `New learner: ${lessons.learner} (${lessons.subject})`, text, html: null, kind: 'placement_started', carriesSecretLink: false }
}

/** Tells a learner's contact who their tutor is. */
export function placementStartedContactMail(to: { email: string; name: string }, lessons: PlacedLessons & { tutor: string }): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    `We have found a tutor for ${lessons.learner}: ${lessons.tutor} will teach ${lessons.subject}.`,
    '',
    ...lessonLines(lessons),
    '',
    lessons.startTime === undefined
      ? `${lessons.tutor} will contact you to arrange the first lesson. If anything changes, reply to this email or call the office.`
      : `${lessons.tutor} will contact you before the first lesson. If that time does not suit, or anything changes, reply to this email or call the office.`,
    '',
    'TEC',
  ].join('\n')
  return { to: to.email, subject: `Your tutor for ${lessons.subject}: ${lessons.tutor}`, text, html: null, kind: 'placement_started', carriesSecretLink: false }
}

/** Tells a tutor the office returned a lesson report, with the office's comment and the link to change it. */
export function reportReturnedMail(
  to: { email: string; name: string },
  lesson: { learners: string; subject: string; day: string; comment: string },
  link: string,
): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    `The office has returned your report on ${lesson.learners}'s ${lesson.subject} lesson of ${longLessonDay(lesson.day)}, with this comment:`,
    '',
    lesson.comment,
    '',
    'Please change the report and send it again:',
    link,
    '',
    'TEC',
  ].join('\n')
  return {
    to: to.email,
    subject: `Report returned: ${lesson.learners} (${lesson.subject}), ${longLessonDay(lesson.day)}`,
    text,
    html: null,
    kind: 'report_returned',
    carriesSecretLink: false,
  }
}

/**
 * Tells a designated safeguarding lead a tutor raised a safeguarding concern (only leads are sent it: need-to-know).
 * What the tutor wrote stays in the back office: the mail says only that there is a concern, how severe, and where to
 * read it.
 */
export function concernRaisedMail(
  to: { email: string; name: string },
  concern: { severity: components['schemas']['ConcernSeverity']; tutor: string; subject: string; day: string },
  link: string,
): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    `${concern.tutor} has raised a safeguarding concern in the report on a ${concern.subject} lesson of ${longLessonDay(concern.day)}.`,
    `Severity: ${labelOf('ConcernSeverity', concern.severity, 'staff')}`,
    '',
    'Read it in the back office (the details are not sent by email):',
    link,
    '',
    'TEC',
  ].join('\n')
  return {
    to: to.email,
    subject: `Safeguarding concern (${labelOf('ConcernSeverity', concern.severity)}) raised by ${concern.tutor}`,
    text,
    html: null,
    kind: 'safeguarding_concern',
    carriesSecretLink: false,
  }
}

/** A lesson a placement's end touched, as a mail lists it: its London day and time, never its place. */
export interface EndedLessonTime {
  day: string
  time: string
}

/**
 * The lessons a placement's end touched, apart: those cancelled, and the group lessons that go on for their other
 * learners without this one.
 */
export interface EndedLessonTimes {
  cancelled: EndedLessonTime[]
  goingOn: EndedLessonTime[]
}

function lessonTimeLines(lessons: EndedLessonTime[], lead: string): string[] {
  return lessons.length === 0 ? [] : ['', lead, ...lessons.map((lesson) => `- ${longLessonDay(lesson.day)} at ${lesson.time}`)]
}

/**
 * Tells a tutor the office has ended a placement of theirs (or moved the learner to another tutor): which of their
 * lessons that cancelled, and which group lessons still take place without the learner, so they teach those and
 * report on them. Days and times only, since a lesson's place may be the family's address. One mail, however many
 * lessons.
 */
export function placementEndedTutorMail(
  to: { email: string; name: string },
  ended: { learner: string; subject: string; endedOn: string; moved: boolean },
  lessons: EndedLessonTimes,
): MailMessage {
  const from = longLessonDay(ended.endedOn)
  const text = [
    `Hello ${to.name},`,
    '',
    ended.moved
      ? `The office has moved ${ended.learner} (${ended.subject}) to another tutor from ${from}.`
      : `The office has ended your placement with ${ended.learner} (${ended.subject}) from ${from}.`,
    ...lessonTimeLines(lessons.cancelled, 'These lessons are cancelled, so there is nothing to teach or report for them:'),
    ...lessonTimeLines(
      lessons.goingOn,
      `These group lessons go ahead for the other learners, without ${ended.learner}; teach them and report on them as usual:`,
    ),
    '',
    'Reports on lessons already taught are still due. Thank you for your work with them; if you have questions, reply to this email.',
    '',
    'TEC',
  ].join('\n')
  return { to: to.email, subject: `Placement ended: ${ended.learner} (${ended.subject})`, text, html: null, kind: 'placement_ended', carriesSecretLink: false }
}

/**
 * Tells a learner's contact the office has ended the learner's lessons with a tutor, and which planned lessons the
 * learner will no longer have: a group lesson that goes on for others is one of them, so the contact reads one list
 * and nothing about the other learners. The office's reason stays in the history: it may be about the tutor, or not
 * for the family.
 */
export function placementEndedContactMail(
  to: { email: string; name: string },
  ended: { learner: string; subject: string; tutor: string; endedOn: string },
  lessons: EndedLessonTimes,
): MailMessage {
  const missed = [...lessons.cancelled, ...lessons.goingOn].sort((a, b) => (a.day + a.time).localeCompare(b.day + b.time))
  const text = [
    `Hello ${to.name},`,
    '',
    `We have ended ${ended.learner}'s ${ended.subject} lessons with ${ended.tutor} from ${longLessonDay(ended.endedOn)}.`,
    ...lessonTimeLines(missed, `${ended.learner} will not have these planned lessons:`),
    '',
    'If you have questions, or would like lessons to go on with another tutor, reply to this email or call the office.',
    '',
    'TEC',
  ].join('\n')
  return { to: to.email, subject: `Lessons ended: ${ended.learner} (${ended.subject})`, text, html: null, kind: 'placement_ended', carriesSecretLink: false }
}

/** The family part of an approved report: what a family or school reads, never the office's note or a concern. */
export interface SharedReport {
  lessonId: string
  subject: string
  day: string
  tutor: string
  learners: { name: string; attendance: Attendance | null }[]
  covered: string
  progress: string
  homework: string | null
}

/** The family page's address and the stop address a family mail carries (their own link, so hidden and purged). */
export interface FamilyLinks {
  page: string
  stop: string
  days: number
}

/** Sends a learner's contact, or a school's contact, the family part of an approved lesson report, with their page's link. */
export function reportSharedMail(to: { email: string; name: string }, report: SharedReport, links: FamilyLinks): MailMessage {
  const names = report.learners.map((learner) => learner.name)
  const who = inWords(names)
  const attendance = report.learners.map((learner) => `${learner.name}: ${learner.attendance === null ? 'not recorded' : labelOf('Attendance', learner.attendance)}`)
  const text = [
    `Hello ${to.name},`,
    '',
    `${report.tutor} has written up ${who}'s ${report.subject} lesson of ${longLessonDay(report.day)}.`,
    '',
    names.length === 1 ? `Attendance: ${attendance[0]?.split(': ')[1] ?? ''}` : ['Attendance:', ...attendance.map((line) => `- ${line}`)].join('\n'),
    '',
    'What was covered',
    report.covered,
    '',
    'Progress and next steps',
    report.progress,
    ...(report.homework ? ['', 'Homework', report.homework] : []),
    '',
    `Earlier reports and the coming lessons are on your own page (the link works for ${links.days} days; please do not forward it):`,
    links.page,
    '',
    'If you have a question about the lessons, reply to this email or call the office.',
    '',
    'TEC',
    '',
    `To stop these report emails: ${links.stop}`,
  ].join('\n')
  return { to: to.email, subject: `Lesson report: ${who}, ${report.subject}, ${longLessonDay(report.day)}`, text, html: null, kind: 'report_shared', carriesSecretLink: true, lessonId: report.lessonId }
}

/** A fresh link to the family page, asked for from the page that said the old one had expired. */
export function familyLinkMail(to: { email: string; name: string }, links: FamilyLinks): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    `Here is a fresh link to your page of lesson reports and coming lessons. It works for ${links.days} days; please do not forward it:`,
    links.page,
    '',
    'If you did not ask for it, you can ignore this email: nobody can open the page without the link.',
    '',
    'TEC',
    '',
    `To stop the report emails: ${links.stop}`,
  ].join('\n')
  return { to: to.email, subject: 'Your link to the family page', text, html: null, kind: 'family_link', carriesSecretLink: true }
}

/** A lesson as its reminder or change notice tells it. */
export interface RemindedLesson {
  subject: string
  day: string
  time: string
  minutes: number
  mode: DeliveryMode
  place: string | null
  tutor: string
  learners: string[]
}

function whereLine(lesson: RemindedLesson): string {
  return `Where: ${lesson.place ?? labelOf('DeliveryMode', lesson.mode)}`
}

/** The day before a lesson, to a learner's contact: when, where, with whom; their page and the stop link. */
export function lessonReminderContactMail(to: { email: string; name: string }, lesson: RemindedLesson, links: FamilyLinks): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    `A reminder of ${inWords(lesson.learners)}'s ${lesson.subject} lesson with ${lesson.tutor} tomorrow:`,
    '',
    `When: ${longLessonDay(lesson.day)} at ${lesson.time}, for ${lesson.minutes} minutes`,
    whereLine(lesson),
    '',
    `If it cannot go ahead, please tell ${lesson.tutor} or the office as soon as you can.`,
    '',
    `Your page of reports and coming lessons (the link works for ${links.days} days; please do not forward it):`,
    links.page,
    '',
    'TEC',
    '',
    `To stop these reminders: ${links.stop}`,
  ].join('\n')
  return { to: to.email, subject: `Tomorrow: ${lesson.subject} with ${lesson.tutor} at ${lesson.time}`, text, html: null, kind: 'lesson_reminder', carriesSecretLink: true }
}

/** The day before a lesson, to its tutor: when, where, with whom, and the lesson's page. */
export function lessonReminderTutorMail(to: { email: string; name: string }, lesson: RemindedLesson, lessonPage: string): MailMessage {
  const text = [
    `Hello ${to.name},`,
    '',
    `A reminder of your ${lesson.subject} lesson with ${inWords(lesson.learners)} tomorrow:`,
    '',
    `When: ${longLessonDay(lesson.day)} at ${lesson.time}, for ${lesson.minutes} minutes`,
    whereLine(lesson),
    '',
    `The lesson, to move or cancel it, and later its report: ${lessonPage}`,
    '',
    'TEC',
  ].join('\n')
  return { to: to.email, subject: `Tomorrow: ${lesson.subject} with ${inWords(lesson.learners)} at ${lesson.time}`, text, html: null, kind: 'lesson_reminder', carriesSecretLink: false }
}

/** How a mail about changed lessons ends for a learner's contact: whom to tell if it is wrong, their page, the stop link. */
function lessonChangeEnding(links: FamilyLinks): string[] {
  return [
    '',
    'If that is not what you agreed, reply to this email or call the office.',
    '',
    `Your coming lessons are on your page: ${links.page}`,
    '',
    'TEC',
    '',
    `To stop these emails about lessons: ${links.stop}`,
  ]
}

/** Tells a learner's contact at once that a lesson moved (with its new time) or was cancelled (and by whom). */
export function lessonChangedContactMail(
  to: { email: string; name: string },
  change: { lesson: RemindedLesson; movedFrom?: { day: string; time: string }; cancelledBy?: string },
  links: FamilyLinks,
): MailMessage {
  const { lesson } = change
  const opening =
    change.movedFrom === undefined
      ? `${inWords(lesson.learners)}'s ${lesson.subject} lesson with ${lesson.tutor} on ${longLessonDay(lesson.day)} at ${lesson.time} is cancelled${change.cancelledBy ? ` (cancelled by ${change.cancelledBy.toLowerCase()})` : ''}.`
      : `${inWords(lesson.learners)}'s ${lesson.subject} lesson with ${lesson.tutor} has moved from ${longLessonDay(change.movedFrom.day)} at ${change.movedFrom.time} to:`
  const text = [
    `Hello ${to.name},`,
    '',
    opening,
    ...(change.movedFrom === undefined ? [] : ['', `When: ${longLessonDay(lesson.day)} at ${lesson.time}, for ${lesson.minutes} minutes`, whereLine(lesson)]),
    ...lessonChangeEnding(links),
  ].join('\n')
  const subject = change.movedFrom === undefined ? `Cancelled: ${lesson.subject} on ${longLessonDay(lesson.day)}` : `Moved: ${lesson.subject} to ${longLessonDay(lesson.day)} at ${lesson.time}`
  return { to: to.email, subject, text, html: null, kind: 'lesson_changed', carriesSecretLink: true }
}

/** Many lessons of one weekly series changed at once by the office: moved (to these days) or cancelled (these days). */
export interface SeriesChange {
  kind: 'moved' | 'cancelled'
  subject: string
  tutor: string
  learners: string[]
  /** The lessons as they are now (moved) or the ones called off (cancelled), soonest first. */
  lessons: { day: string; time: string }[]
}

const seriesLines = (change: SeriesChange) => change.lessons.map((lesson) => `- ${longLessonDay(lesson.day)} at ${lesson.time}`)

function seriesSubject(change: SeriesChange): string {
  const [first] = change.lessons
  const from = first ? longLessonDay(first.day) : ''
  return change.kind === 'moved' ? `Moved: ${change.subject} lessons from ${from}` : `Cancelled: ${change.subject} lessons from ${from}`
}

/** One mail to a learner's contact for a whole series changed by the office: the lessons' new days, or those cancelled. */
export function seriesChangedContactMail(to: { email: string; name: string }, change: SeriesChange, links: FamilyLinks): MailMessage {
  const opening =
    change.kind === 'moved'
      ? `${inWords(change.learners)}'s ${change.subject} lessons with ${change.tutor} have moved. They are now on:`
      : `These ${change.subject} lessons of ${inWords(change.learners)} with ${change.tutor} are cancelled:`
  const text = [
    `Hello ${to.name},`,
    '',
    opening,
    ...seriesLines(change),
    ...lessonChangeEnding(links),
  ].join('\n')
  return { to: to.email, subject: seriesSubject(change), text, html: null, kind: 'lesson_changed', carriesSecretLink: true }
}

/** One mail to the tutor for a whole series the office changed: the new days, or those cancelled and why. */
export function seriesChangedTutorMail(to: { email: string; name: string }, change: SeriesChange & { reason?: string }, lessonsPage: string): MailMessage {
  const opening =
    change.kind === 'moved'
      ? `The office moved your ${change.subject} lessons with ${inWords(change.learners)}. They are now on:`
      : `The office cancelled these ${change.subject} lessons with ${inWords(change.learners)}${change.reason ? ` (${change.reason})` : ''}:`
  const text = [`Hello ${to.name},`, '', opening, ...seriesLines(change), '', `Your calendar and your calendar feed show the change: ${lessonsPage}`, '', 'TEC'].join('\n')
  return { to: to.email, subject: seriesSubject(change), text, html: null, kind: 'lesson_changed', carriesSecretLink: false }
}
