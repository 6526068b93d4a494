const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What the office is told when erasing or anonymising cannot be done, or the typed name does not match. */
export const ERASURE_MESSAGES = {
  registrationNotFound: 'We could not find that registration.',
  messageNotFound: 'We could not find that message.',
  studentNotFound: 'We could not find that learner.',
  tutorNotFound: 'We could not find that tutor.',
  schoolNotFound: 'We could not find that school.',
  contactNotFound: 'We hold nothing under that email address.',
  schoolContactNotFound: 'That school has no contact at this place in its list. Reload the page and try again.',
  nameMismatch: 'Type the name exactly as the record shows it, to confirm this is the person you mean.',
  alreadyAnonymised: 'This record was already anonymised.',
  learnerPlaced: (n: number) =>
    `This learner still has ${plural(n, 'current placement', 'current placements')}. End ${n === 1 ? 'it' : 'them'} on the learner's page first; a learner being taught cannot be anonymised.`,
  learnerConcernOpen:
    'A safeguarding concern about this learner is not closed yet. The safeguarding lead must close it first, so nobody loses track of a child at risk; the concern itself is always kept.',
  contactPlaced: (n: number) =>
    `A learner this person is the contact for still has ${plural(n, 'current placement', 'current placements')}. End ${n === 1 ? 'it' : 'them'} first, or change the learner's contact.`,
  tutorTeaching: (placed: number, planned: number) => {
    const parts = [placed > 0 ? plural(placed, 'current placement', 'current placements') : undefined, planned > 0 ? plural(planned, 'planned lesson', 'planned lessons') : undefined].filter(Boolean)
    return `This tutor still has ${parts.join(' and ')}. Move or end the placements, and cancel or move the lessons, first; a tutor who is teaching cannot be anonymised.`
  },
  onlySchoolContact: 'This is the school’s only contact. Add another contact on the school’s page first: a school always needs someone to deal with.',
  schoolContactIsLead: 'This person is also the school’s safeguarding lead. Record the school’s new safeguarding lead first.',
  anonymised: 'Anonymised. Lessons and figures keep their counts; safeguarding concerns are kept.',
  anonymisedRecord: 'This record was anonymised and can no longer be changed.',
} as const
