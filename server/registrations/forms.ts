import { and, eq } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import { isoDay } from '../../shared/dates.ts'
import type { FieldErrors } from '../contract/validators.ts'
import type { Db } from '../db/client.ts'
import { REQUIRED } from '../../shared/field-rules.ts'
import { FORM_RULE_MESSAGES } from '../../shared/form-messages.ts'
import { labelOf } from '../../shared/labels.ts'
import { courses, type DeliveryMode, type RegistrationType } from '../db/schema.ts'
import { normaliseEmail } from '../lib/email.ts'
import { checkSchema, cleanInput } from '../contract/input.ts'
import { readSubjects } from '../subjects/queries.ts'
import { inWords } from '../../shared/list-words.ts'

type Schemas = components['schemas']
export type SubjectAnswers = Omit<Schemas['SubjectEnrolmentRequest'], 'website'>
export type CourseAnswers = Omit<Schemas['CourseEnrolmentRequest'], 'website'>
export type SchoolAnswers = Omit<Schemas['SchoolEnrolmentRequest'], 'website'>
export type TutorAnswers = Omit<Schemas['TutorApplicationRequest'], 'website'>
export type RegistrationAnswers = SubjectAnswers | CourseAnswers | SchoolAnswers | TutorAnswers

export const FORM_MESSAGES = {
  addressForHome: 'Enter the address where lessons will happen.',
  // The rules the forms check too, in their words (shared/form-messages.ts).
  ageOrYear: FORM_RULE_MESSAGES.ageOrYear,
  minorNeedsGuardian: FORM_RULE_MESSAGES.minorNeedsAdult,
  unknownSubject: 'Choose a subject from the list.',
  dateInPast: FORM_RULE_MESSAGES.dateInPast,
  dateTooFar: FORM_RULE_MESSAGES.dateTooFar,
  startOrCohort: 'Choose a start date or a cohort.',
  unknownCourse: 'Choose a course from the list.',
  emergencyContact: REQUIRED.enter('an emergency contact for lessons in person'),
  termEnded: 'That term has already ended. Choose a later one.',
  termTooFar: 'Choose a term within the next two years.',
  travelArea: FORM_RULE_MESSAGES.travelArea,
  refereeIsApplicant: FORM_RULE_MESSAGES.refereeIsApplicant,
  refereesSame: FORM_RULE_MESSAGES.refereesSame,
} as const

/** What a form's answers are filed under in the inbox. */
export interface Described {
  name: string
  /** Normalised: trimmed and lowercased. */
  email: string
  /** Who mail is addressed to: the contact, the school's main contact or the applicant. */
  contactName: string
  summary: string
  /**
   * What the person enrolled in or applied for, as the confirmation mail names it ("Maths tutoring, taught online").
   * Made only from the site's own lists and records (subjects on offer, the stored course, the modes and terms),
   * never from text they typed: anyone can give someone else's address, so the mail carries none of it but the name.
   */
  enrolledFor: string
  /** What, beyond type and email, makes two sends the same submission (the student, the course). */
  duplicateParts: string[]
  /** For a course enrolment, the course's id (uuid) and title. */
  course?: { id: string; title: string }
}

export interface FormCheck<Answers> {
  problems: FieldErrors
  described?: Described
  answers: Answers
}

export interface FormSpec<Answers> {
  type: RegistrationType
  /** The reference prefix, e.g. SUB in TEC-SUB-7K3Q9P. */
  prefix: 'SUB' | 'CRS' | 'SCH' | 'TUT'
  schemaName: string
  /** What the person is told happens next. */
  received: string
  /** The contract's checks again on the cleaned answers, then the cross-field rules the schema cannot say. */
  check: (db: Db, answers: Answers, today: Date) => Promise<FieldErrors>
  describe: (db: Db, answers: Answers) => Promise<Described>
}

const IN_PERSON: readonly DeliveryMode[] = ['home', 'school', 'community']
/** A way of teaching inside a sentence ("taught at home", "taught in the community"): the office's words, lowercased. */
const modeWords = (mode: DeliveryMode) => labelOf('DeliveryMode', mode, 'staff').toLowerCase()
const DAY_MS = 24 * 3600 * 1000

/** Lowercases every email field (`email` anywhere in the answers), as emails are stored everywhere else. */
function normaliseEmails<T>(value: T): T {
  if (Array.isArray(value)) return value.map(normaliseEmails) as T
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === 'email' && typeof item === 'string' ? normaliseEmail(item) : normaliseEmails(item)])) as T
  }
  return value
}


/** A preferred start: not before yesterday (UTC, so no visitor's time zone is refused) and within a year. */
function startDateProblem(startDate: string, today: Date): string | undefined {
  if (startDate < isoDay(new Date(today.getTime() - DAY_MS), 'utc')) return FORM_MESSAGES.dateInPast
  if (startDate > isoDay(new Date(today.getTime() + 366 * DAY_MS), 'utc')) return FORM_MESSAGES.dateTooFar
  return undefined
}

async function subjectProblems(db: Db, field: string, chosen: readonly string[], problems: FieldErrors): Promise<void> {
  const offered = new Set((await readSubjects(db)).map((subject) => subject.toLowerCase()))
  chosen.forEach((subject, index) => {
    if (!offered.has(subject.toLowerCase())) problems[`${field}.${index}`] ??= FORM_MESSAGES.unknownSubject
  })
}

type Student = Schemas['StudentDetails']
/** Without an age, a year group means a pupil, so under 18. */
const isMinor = (student: Student) => (student.age === undefined ? true : student.age < 18)

function studentProblems(student: Student, contact: Schemas['ContactPerson'], problems: FieldErrors): void {
  if (student.age === undefined && student.yearGroup === undefined) problems['student.age'] = FORM_MESSAGES.ageOrYear
  else if (isMinor(student) && contact.relationship === 'self') problems['contact.relationship'] = FORM_MESSAGES.minorNeedsGuardian
}

const subjectForm: FormSpec<SubjectAnswers> = {
  type: 'subject',
  prefix: 'SUB',
  schemaName: 'SubjectEnrolmentRequest',
  received:
    'Thank you for enrolling. We have emailed you a confirmation. Our team will contact you within two working days to match a tutor and agree the first lesson.',
  check: async (db, answers, today) => {
    const problems: FieldErrors = {}
    if (answers.deliveryMode === 'home' && answers.address === undefined) problems.address = FORM_MESSAGES.addressForHome
    studentProblems(answers.student, answers.contact, problems)
    const dateProblem = startDateProblem(answers.availability.startDate, today)
    if (dateProblem) problems['availability.startDate'] = dateProblem
    await subjectProblems(db, 'subjects', answers.subjects, problems)
    return problems
  },
  describe: (_db, answers) =>
    Promise.resolve({
      name: answers.student.name,
      email: answers.contact.email,
      contactName: answers.contact.name,
      summary: `${answers.subjects.join(', ')} · ${modeWords(answers.deliveryMode)}`,
      enrolledFor: `${inWords(answers.subjects)} tutoring, taught ${modeWords(answers.deliveryMode)}`,
      duplicateParts: [answers.student.name.toLowerCase()],
    }),
}

async function publishedCourse(db: Db, slug: string) {
  const [course] = await db
    .select({ id: courses.id, title: courses.title, modes: courses.modes })
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.status, 'published')))
    .limit(1)
  return course
}

const courseForm: FormSpec<CourseAnswers> = {
  type: 'course',
  prefix: 'CRS',
  schemaName: 'CourseEnrolmentRequest',
  received:
    'Thank you for enrolling. We have emailed you a confirmation. Our team will contact you within two working days to confirm your place and start date.',
  check: async (db, answers, today) => {
    const problems: FieldErrors = {}
    const course = await publishedCourse(db, answers.courseId)
    if (!course) problems.courseId = FORM_MESSAGES.unknownCourse
    else if (!course.modes.includes(answers.deliveryMode)) {
      problems.deliveryMode = `This course is not taught ${modeWords(answers.deliveryMode)}. Choose ${course.modes.map(modeWords).join(' or ')}.`
    }
    if (answers.startDate === undefined && answers.cohort === undefined) problems.startDate = FORM_MESSAGES.startOrCohort
    else if (answers.startDate !== undefined) {
      const dateProblem = startDateProblem(answers.startDate, today)
      if (dateProblem) problems.startDate = dateProblem
    }
    if (answers.deliveryMode === 'home' && answers.address === undefined) problems.address = FORM_MESSAGES.addressForHome
    if (IN_PERSON.includes(answers.deliveryMode) && answers.emergencyContact === undefined) problems.emergencyContact = FORM_MESSAGES.emergencyContact
    studentProblems(answers.student, answers.contact, problems)
    return problems
  },
  describe: async (db, answers) => {
    const course = await publishedCourse(db, answers.courseId)
    if (!course) throw new Error(`The course ${answers.courseId} was checked but is gone.`)
    return {
      name: answers.student.name,
      email: answers.contact.email,
      contactName: answers.contact.name,
      summary: `${course.title} · ${modeWords(answers.deliveryMode)}`,
      enrolledFor: `${course.title}, taught ${modeWords(answers.deliveryMode)}`,
      duplicateParts: [answers.student.name.toLowerCase(), answers.courseId],
      course: { id: course.id, title: course.title },
    }
  },
}

/** Terms of the English school year: when each ends, in the calendar year it starts in (month is 0-based). */
const TERM_ENDS: Record<SchoolAnswers['startTerm'], { month: number; day: number }> = {
  spring: { month: 3, day: 14 },
  summer: { month: 7, day: 31 },
  autumn: { month: 11, day: 31 },
}

const schoolForm: FormSpec<SchoolAnswers> = {
  type: 'school',
  prefix: 'SCH',
  schemaName: 'SchoolEnrolmentRequest',
  received:
    'Thank you. We have emailed a confirmation to the main contact. Our schools team will be in touch within three working days to arrange a call about your pupils’ needs.',
  check: async (db, answers, today) => {
    const problems: FieldErrors = {}
    const end = TERM_ENDS[answers.startTerm]
    if (Date.UTC(answers.startYear, end.month, end.day) < Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) {
      problems.startYear = FORM_MESSAGES.termEnded
    } else if (answers.startYear > today.getUTCFullYear() + 2) problems.startYear = FORM_MESSAGES.termTooFar
    await subjectProblems(db, 'subjects', answers.subjects, problems)
    return problems
  },
  describe: (_db, answers) =>
    Promise.resolve({
      name: answers.school.name,
      email: answers.mainContact.email,
      contactName: answers.mainContact.name,
      summary: `${answers.school.address.town} · about ${answers.pupilCount} pupils · ${answers.subjects.join(', ')}`,
      // Not the school's name: the sender typed it.
      enrolledFor: `tutoring in ${inWords(answers.subjects)} for your pupils, from the ${labelOf('SchoolTerm', answers.startTerm).toLowerCase()} ${answers.startYear}`,
      duplicateParts: [],
    }),
}

const tutorForm: FormSpec<TutorAnswers> = {
  type: 'tutor',
  prefix: 'TUT',
  schemaName: 'TutorApplicationRequest',
  received:
    'Thank you for applying. We have emailed you a confirmation. We review every application within five working days; if yours moves forward we will contact your referees and invite you to an interview.',
  check: async (db, answers) => {
    const problems: FieldErrors = {}
    if (answers.delivery.modes.some((mode) => IN_PERSON.includes(mode)) && answers.delivery.travelArea === undefined) {
      problems['delivery.travelArea'] = FORM_MESSAGES.travelArea
    }
    const [first, second] = answers.referees
    answers.referees.forEach((referee, index) => {
      if (referee.email === answers.personal.email) problems[`referees.${index}.email`] = FORM_MESSAGES.refereeIsApplicant
    })
    if (first && second && first.email === second.email) problems['referees.1.email'] ??= FORM_MESSAGES.refereesSame
    await subjectProblems(db, 'teaching.subjects', answers.teaching.subjects, problems)
    return problems
  },
  describe: (_db, answers) =>
    Promise.resolve({
      name: answers.personal.name,
      email: answers.personal.email,
      contactName: answers.personal.name,
      summary: `${answers.teaching.subjects.join(', ')} · ${answers.delivery.modes.map(modeWords).join(', ')}`,
      enrolledFor: `teaching ${inWords(answers.teaching.subjects)}, ${inWords(answers.delivery.modes.map(modeWords), 'or')}`,
      duplicateParts: [],
    }),
}

export const FORMS = { subject: subjectForm, course: courseForm, school: schoolForm, tutor: tutorForm } as const satisfies {
  [K in RegistrationType]: FormSpec<never>
}

/**
 * Cleans a request the contract validator already let through (trimmed, blanks left out, emails lowercased),
 * checks the cleaned answers against the contract again and then the form's own cross-field rules. The answers
 * are described (name, email, summary) only when there is no problem.
 */
export async function checkForm<Answers>(spec: FormSpec<Answers>, db: Db, body: Answers & { website?: string }, today = new Date()): Promise<FormCheck<Answers>> {
  const { website: _honeypot, ...rest } = body
  const answers = normaliseEmails(cleanInput(rest)) as Answers
  const schemaProblems = checkSchema(spec.schemaName, answers)
  if (Object.keys(schemaProblems).length > 0) return { problems: schemaProblems, answers }
  const problems = await spec.check(db, answers, today)
  if (Object.keys(problems).length > 0) return { problems, answers }
  return { problems, answers, described: await spec.describe(db, answers) }
}

/** Who a stored registration's mail goes to (its `email` column holds the same address, normalised). */
export function contactOf(type: RegistrationType, answers: Record<string, unknown>): { name: string; email: string } {
  const holder = { subject: 'contact', course: 'contact', school: 'mainContact', tutor: 'personal' }[type]
  const person = answers[holder] as { name: string; email: string }
  return { name: person.name, email: person.email }
}
