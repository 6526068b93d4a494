import { LIMITS } from '@shared/contract.gen'
import type { RetentionCounts, RetentionPeriods } from '@/api/retention'

/** The contract's bounds for each period, under the name the form uses. */
export const RETENTION_LIMITS = LIMITS.RetentionPeriods

/** Each period as the office edits it: what it keeps and what happens once it has passed (its unit is the contract's, in RETENTION_LIMITS). */
export const RETENTION_FIELDS: { field: keyof RetentionPeriods; label: string; happens: string }[] = [
  {
    field: 'learnerYears',
    label: 'Learners, after they finish',
    happens:
      'Then the learner is anonymised: their name, their family’s details and the free text of their records go; lessons, attendance and figures keep their counts; safeguarding concerns stay. A learner with a current placement or an open concern waits until that ends.',
  },
  {
    field: 'applicationMonths',
    label: 'Registrations that led to no placement',
    happens:
      'Then the registration and its notes are erased: those never accepted, and accepted enrolments whose learner finished without ever being placed. Accepted tutor and school applications stay with the tutor or school.',
  },
  { field: 'messageMonths', label: 'Contact form messages', happens: 'Then the message is erased, whatever its status.' },
  {
    field: 'sentMailDays',
    label: 'Sent mail',
    happens: 'Then the mail leaves Settings → Mail altogether (a failed mail counts from when it was given up). Its words go sooner, as the server’s mail settings say.',
  },
  { field: 'signInDays', label: 'Sign-in records', happens: 'Then sign-ins, failed sign-ins and password changes leave the history.' },
  {
    field: 'senderDetailsDays',
    label: 'Senders’ internet addresses and browsers',
    happens: 'Then the address and browser a public form or message was sent from are cleared. They are kept only to deal with abuse; the registration or message itself stays.',
  },
  { field: 'openingMonths', label: 'Who opened a record', happens: 'Then the record of who opened a learner, tutor, school, report or concern, or downloaded a list, is deleted.' },
]

/** What a run's counts say, one and many. */
export const RETENTION_COUNT_WORDS: Record<keyof RetentionCounts, [one: string, many: string]> = {
  learnersAnonymised: ['learner anonymised', 'learners anonymised'],
  learnersRefused: ['learner due but left as is (a current placement or an open concern)', 'learners due but left as they are (a current placement or an open concern)'],
  learnersFailed: ['learner due but not anonymised: an error, tried again at the next run', 'learners due but not anonymised: an error, tried again at the next run'],
  registrationsErased: ['registration erased', 'registrations erased'],
  messagesErased: ['message erased', 'messages erased'],
  mailDeleted: ['sent mail deleted', 'sent mails deleted'],
  signInRecordsDeleted: ['sign-in record deleted', 'sign-in records deleted'],
  senderDetailsCleared: ['sender’s address and browser cleared', 'senders’ addresses and browsers cleared'],
  openingsDeleted: ['record of an opening deleted', 'records of openings deleted'],
  familyLinksDeleted: ['family page link or mail choice deleted', 'family page links and mail choices deleted'],
}
