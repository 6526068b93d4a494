import { and, arrayOverlaps, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { SQLWrapper } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { isoDay } from '../../shared/dates.ts'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import {
  auditEvents,
  blogPosts,
  contactMessages,
  courses,
  galleryItems,
  jobs,
  lessonLearners,
  lessonReports,
  lessons,
  mailOutbox,
  media,
  mediaVariants,
  calendarFeeds,
  familyLinks,
  familyMailSettings,
  passwordResetTokens,
  placements,
  rateLimits,
  recordOpenings,
  recoveryCodes,
  registrationEvents,
  registrations,
  retentionRuns,
  retentionSettings,
  termCalendar,
  safeguardingChecks,
  safeguardingConcerns,
  schools,
  secondFactors,
  sessions,
  signInChallenges,
  siteAssets,
  siteBuilds,
  sitePages,
  siteSettings,
  students,
  trustedDevices,
  tutorProfiles,
  users,
  type SchoolContactValue,
} from '../db/schema.ts'

export type SubjectKind = components['schemas']['PersonalDataKind']

/**
 * Whom an export is about, resolved to the ids and addresses their data is found by. Each kind fills what applies
 * to it and leaves the rest empty, so a finder that has nothing to look for finds nothing.
 */
export interface Scope {
  kind: SubjectKind
  includeConcerns: boolean
  /** Whether the caller is a designated safeguarding lead: who opened a record is shown to the leads alone. */
  byLead: boolean
  /** Learner: their own record. Contact person: the learners naming their address. */
  studentIds: string[]
  /** Tutor (or other staff account): their account. */
  userIds: string[]
  /** Addresses the person is known by (a contact's, a tutor's login, a school contact's), lowercased. */
  emails: string[]
  /** Addresses mail about the person went to: their own, or for a learner or registration the address they gave. */
  mailTo: string[]
  /** Registrations they sent or that became their record. */
  registrationIds: string[]
  /** Lessons a learner was in, or a tutor taught. */
  lessonIds: string[]
  /** Concerns about the learner, or raised by the tutor. */
  concernIds: string[]
  /** A school contact: the school and their place in its list. */
  schoolContact?: { schoolId: string; schoolName: string; index: number; value: SchoolContactValue }
  /** Values that name the person inside free-form stored text (job payloads, rate-limit keys): ids and addresses. */
  names: string[]
  /** Other learners in a learner's group lessons: their names are someone else's data, left out of the learner's export. */
  otherLearners: string[]
}

export type Row = Record<string, unknown>

/**
 * A row a finder marks as held but not shown (a concern's history entry, a mail carrying a password link): the export
 * drops the row, or only the fields named, and counts it under `what` with its date.
 */
export const WITHHELD = '$withheld'
export interface Withholding {
  what: string
  reason: string
  at: Date
  /** Only these fields are left out; the rest of the row is shown. Absent: the whole row is left out. */
  fields?: string[]
}

export interface Section {
  title: string
  description: string
  /** The personal columns this section shows, when fewer than the table's (a learner's record as their contact sees it). */
  personal?: readonly string[]
  /** Only these columns are shown, in this order; all but secrets and `omit` otherwise. */
  columns?: readonly string[]
  find: (db: Db, scope: Scope) => Promise<Row[]>
  recordTitle?: (row: Row) => string
}

export interface PersonalTable {
  table: PgTable
  /**
   * Columns (their names in code) holding a person's identifying details or free text they or staff wrote about them:
   * the export must show each, and the export test fills each with a value of its own. Dates, statuses and counts in
   * the same rows are shown too; they need no entry here.
   */
  personal: readonly string[]
  /** Columns never disclosed, each counted as "held but not disclosed: security secret" under the name given. */
  secrets?: Readonly<Record<string, string>>
  /** Columns that are not about the person and too big to show (an image's bytes). */
  omit?: readonly string[]
  /** Rows about safeguarding concerns: withheld (counted and dated) unless a safeguarding lead includes them. */
  concerns?: boolean
  sections: Partial<Record<SubjectKind, Section>>
}

export interface NoPersonalData {
  table: PgTable
  /** Why the table holds nothing about a person, for the reader of this registry and of the export's README. */
  none: string
}

export type RegistryEntry = PersonalTable | NoPersonalData

/** Why a secret is never shown, even to its holder: it would let the export's reader sign in or forge a link. */
export const SECRET_REASON = 'Held but not disclosed: security secret'
/** Why safeguarding concerns are withheld unless a safeguarding lead includes them. */
/** Why another learner's name is left out of a learner's export. */
export const OTHER_PERSON_REASON = "Not disclosed: another person's personal data (UK GDPR Art. 15(4)); shown as \"another learner\""
export const CONCERN_REASON =
  'Withheld: disclosure could put a child at risk (Data Protection Act 2018, Schedule 3: Part 4, education data likely to cause serious harm; Part 5, child abuse data). A designated safeguarding lead may include it.'
/** Why who opened a record is left out of an export made by an admin who is not a safeguarding lead. */
export const OPENINGS_REASON =
  'Not shown to this admin: who opened a record is for the designated safeguarding leads alone, as it shows who handles a case. An export made by a safeguarding lead includes it.'

const none = (table: PgTable, reason: string): NoPersonalData => ({ table, none: reason })
const nothing = Promise.resolve([] as Row[])

/** `column in (values)`, or false for no values (drizzle refuses an empty list). */
function among(column: SQLWrapper, values: string[]): SQL {
  return values.length === 0 ? sql`false` : inArray(column, values)
}

/** Whether any of the values occurs in the text (a payload as JSON, a counter's key); no LIKE, so `_` and `%` are plain. */
function mentions(text: SQL, values: string[]): SQL {
  if (values.length === 0) return sql`false`
  return or(...values.map((value) => sql`position(${value.toLowerCase()} in lower(${text})) > 0`)) ?? sql`false`
}

const related = (scope: Scope) => [...scope.studentIds.map((id) => `student:${id}`), ...scope.userIds.map((id) => `tutor:${id}`)]

/** History entries that name the person: about them, naming them among related records, made by them (staff), or naming their address. */
function auditFilter(scope: Scope): SQL {
  const subjects: SQL[] = []
  const subject = (type: string, ids: string[]) => {
    if (ids.length > 0) subjects.push(and(eq(auditEvents.subjectType, type), inArray(auditEvents.subjectId, ids)) as SQL)
  }
  switch (scope.kind) {
    case 'learner':
      subject('student', scope.studentIds)
      subject('registration', scope.registrationIds)
      subject('lesson', scope.lessonIds)
      break
    case 'tutor':
      subject('tutor', scope.userIds)
      subject('user', scope.userIds)
      subject('registration', scope.registrationIds)
      if (scope.userIds.length > 0) subjects.push(inArray(auditEvents.actorUserId, scope.userIds))
      break
    case 'registration':
      subject('registration', scope.registrationIds)
      break
    case 'contact':
      subject('registration', scope.registrationIds)
      break
    case 'school-contact':
      subject('registration', scope.registrationIds)
      if (scope.schoolContact) {
        // A school's changes that touched this contact's entry (their old and new values are in the change list).
        subjects.push(
          and(
            eq(auditEvents.subjectType, 'school'),
            eq(auditEvents.subjectId, scope.schoolContact.schoolId),
            sql`position(${`"contacts.${scope.schoolContact.index}.`} in ${auditEvents.details}::text) > 0`,
          ) as SQL,
        )
      }
      break
  }
  const names = related(scope)
  if (names.length > 0) subjects.push(arrayOverlaps(auditEvents.related, names))
  // Failed sign-ins and changes of a record keep the address typed or changed.
  if (scope.emails.length > 0) subjects.push(mentions(sql`${auditEvents.details}::text`, scope.emails))
  return subjects.length === 0 ? sql`false` : (or(...subjects) ?? sql`false`)
}

const byAccount = (column: PgColumn) => (db: Db, scope: Scope) => (scope.userIds.length === 0 ? nothing : db.select().from(column.table).where(among(column, scope.userIds)))

const STUDENT_CONTACT_COLUMNS = ['id', 'name', 'status', 'contactName', 'contactRelationship', 'contactEmail', 'contactPhone', 'preferredContact', 'createdAt', 'updatedAt'] as const

/** Schools where the address is a contact's or the safeguarding lead's, with just those entries. */
async function schoolsNaming(db: Db, scope: Scope): Promise<Row[]> {
  if (scope.emails.length === 0) return []
  const rows = await db
    .select()
    .from(schools)
    .where(
      or(
        among(sql`lower(${schools.safeguardingLeadEmail})`, scope.emails),
        sql`exists (select 1 from jsonb_array_elements(${schools.contacts}) as c where lower(c->>'email') in (${sql.join(
          scope.emails.map((email) => sql`${email}`),
          sql`, `,
        )}))`,
      ),
    )
  return rows.map((school) => {
    const lead = scope.emails.includes(school.safeguardingLeadEmail.toLowerCase())
    const contacts = school.contacts.map((contact, index) => ({ ...contact, index })).filter((contact) => scope.emails.includes(contact.email.toLowerCase()))
    return {
      schoolId: school.id,
      schoolName: school.name,
      contacts,
      ...(lead ? { safeguardingLeadName: school.safeguardingLeadName, safeguardingLeadEmail: school.safeguardingLeadEmail, safeguardingLeadPhone: school.safeguardingLeadPhone } : {}),
    }
  })
}

/** Lessons with the learner's attendance, or a tutor's lessons. */
async function lessonsOf(db: Db, scope: Scope): Promise<Row[]> {
  if (scope.lessonIds.length === 0) return []
  return db.select().from(lessons).where(inArray(lessons.id, scope.lessonIds)).orderBy(lessons.startsAt)
}

/** A report's draft keeps only the learner's own attendance, and its unsent concern only when concerns are included. */
function reportFor(scope: Scope) {
  return (row: typeof lessonReports.$inferSelect): Row => {
    if (!row.draft) return row
    const { concernDetails, concernSeverity, attendance, ...draft } = row.draft
    const mine = scope.kind === 'learner' ? attendance?.filter((entry) => scope.studentIds.includes(entry.studentId)) : attendance
    return {
      ...row,
      draft: {
        ...draft,
        ...(mine === undefined ? {} : { attendance: mine }),
        ...(scope.includeConcerns ? { concernDetails, concernSeverity } : {}),
      },
    }
  }
}

const reportsSection = (description: string): Section => ({
  title: 'Lesson reports',
  description,
  find: async (db, scope) => (scope.lessonIds.length === 0 ? [] : (await db.select().from(lessonReports).where(inArray(lessonReports.lessonId, scope.lessonIds))).map(reportFor(scope))),
})

const mailSection: Section = {
  title: 'Mail sent',
  description: 'Mail the server sent or tried to send to the address. A body deleted under the retention of sent mail says when.',
  find: async (db, scope) => {
    if (scope.mailTo.length === 0) return []
    const rows = await db.select().from(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, scope.mailTo)).orderBy(mailOutbox.createdAt)
    return rows.map((row): Row => {
      const body = { fields: ['text', 'html'], at: row.createdAt }
      // Its subject names the concern's severity and the tutor who raised it, so the whole mail goes, even once its words have.
      if (row.kind === 'safeguarding_concern' && !scope.includeConcerns) return { ...row, [WITHHELD]: { what: 'Mail about a safeguarding concern', reason: CONCERN_REASON, at: row.createdAt } satisfies Withholding }
      if (row.bodyPurgedAt !== null) return { ...row, text: null, html: null, body: `Deleted on ${isoDay(row.bodyPurgedAt, 'utc')} under the retention of sent mail` }
      if (row.carriesSecretLink) return { ...row, [WITHHELD]: { ...body, what: 'Mail body with a sign-in or password link', reason: SECRET_REASON } satisfies Withholding }
      return row
    })
  },
  recordTitle: (row) => String(row.subject),
}

const jobsSection: Section = {
  title: 'Work waiting to be done',
  description: 'Delayed or failed jobs whose stored details name the person.',
  find: (db, scope) => db.select().from(jobs).where(mentions(sql`${jobs.payload}::text`, scope.names)),
}

const rateLimitSection: Section = {
  title: 'Attempt counters',
  description: 'Counters of recent attempts (sign-ins, forms) kept under the address or account, for at most a day.',
  find: (db, scope) => db.select().from(rateLimits).where(mentions(sql`${rateLimits.key}`, scope.names)),
}

const historySection = (description: string): Section => ({
  title: 'History',
  description,
  find: async (db, scope) => {
    const rows = await db.select().from(auditEvents).where(auditFilter(scope)).orderBy(auditEvents.at)
    // A concern's handling is as sensitive as its words: withheld with them, as is a lead's reading or resending its mail.
    const aboutConcern = (row: typeof auditEvents.$inferSelect) => row.action.startsWith('concern.') || (row.action.startsWith('mail.') && row.details?.kind === 'safeguarding_concern')
    return rows.map((row): Row =>
      aboutConcern(row) && !scope.includeConcerns ? { ...row, [WITHHELD]: { what: 'History entry about a safeguarding concern', reason: CONCERN_REASON, at: row.at } satisfies Withholding } : row,
    )
  },
  recordTitle: (row) => String(row.action),
})

/**
 * Openings as an export may show them: one of a concern is withheld with the concern unless concerns are included;
 * any other is shown to a safeguarding lead alone, as the list "Who opened this record" is.
 */
async function openingsShown(rows: Promise<(typeof recordOpenings.$inferSelect)[]>, scope: Scope): Promise<Row[]> {
  return (await rows).map((row): Row => {
    if (row.subjectType === 'concern' && !scope.includeConcerns) return { ...row, [WITHHELD]: { what: 'Opening of a safeguarding concern', reason: CONCERN_REASON, at: row.at } satisfies Withholding }
    if (!scope.byLead) return { ...row, [WITHHELD]: { what: 'Opening of a record', reason: OPENINGS_REASON, at: row.at } satisfies Withholding }
    return row
  })
}

const registrationsSection: Section = {
  title: 'Registrations',
  description: 'Forms sent through the website (enrolments, tutor applications), with every answer.',
  find: (db, scope) => db.select().from(registrations).where(among(registrations.id, scope.registrationIds)),
  recordTitle: (row) => String(row.reference),
}

const registrationEventsSection: Section = {
  title: 'Registration notes and changes',
  description: "The registrations' handling: status changes, acceptance and staff notes.",
  find: (db, scope) => db.select().from(registrationEvents).where(among(registrationEvents.registrationId, scope.registrationIds)).orderBy(registrationEvents.at),
}

const messagesSection: Section = {
  title: 'Contact messages',
  description: 'Messages sent through the website\u2019s contact form from the address.',
  find: (db, scope) => (scope.emails.length === 0 ? nothing : db.select().from(contactMessages).where(inArray(sql`lower(${contactMessages.email})`, scope.emails))),
  recordTitle: (row) => String(row.reference),
}

const accountByEmail: Section = {
  title: 'Staff account',
  description: 'A staff account signed in with the address.',
  columns: ['id', 'email', 'name', 'role', 'createdAt', 'deactivatedAt', 'anonymisedAt'],
  find: (db, scope) => (scope.emails.length === 0 ? nothing : db.select().from(users).where(inArray(users.email, scope.emails))),
}

const familyLinkSection: Section = {
  title: 'Links to the family page',
  description: 'The links report and reminder mails carried to their page of reports and coming lessons: when each was made, until when it worked, whether the office ended it and when it was last used.',
  find: (db, scope) => (scope.emails.length === 0 ? nothing : db.select().from(familyLinks).where(inArray(familyLinks.email, scope.emails)).orderBy(familyLinks.createdAt)),
}

const familyMailSection: Section = {
  title: 'Mails stopped',
  description: 'When they stopped the report mails or the lesson reminders from a link in a mail.',
  find: (db, scope) => (scope.emails.length === 0 ? nothing : db.select().from(familyMailSettings).where(inArray(familyMailSettings.email, scope.emails))),
}

/**
 * Every table of server/db/schema.ts, and how it relates to a person: the columns holding personal data and, per kind
 * of person, the section of the export that finds their rows; or why it holds nothing about anyone. The export is
 * built from this list alone, and a test walks the schema, so a table added without an entry here fails it.
 */
export const REGISTRY: readonly RegistryEntry[] = [
  {
    table: users,
    personal: ['email', 'name'],
    secrets: { passwordHash: 'Password hash' },
    sections: {
      tutor: { title: 'Account', description: 'The staff account: sign-in address, name, role and its dates.', find: byAccount(users.id) },
      contact: accountByEmail,
      'school-contact': accountByEmail,
    },
  },
  {
    table: sessions,
    personal: ['ip', 'userAgent'],
    secrets: { tokenHash: 'Session token hash' },
    sections: { tutor: { title: 'Sign-ins and sessions', description: 'Each session: when it began, was last used and ended, from which address and browser.', find: byAccount(sessions.userId) } },
  },
  {
    table: trustedDevices,
    personal: ['userId'],
    secrets: { tokenHash: 'Trusted browser token hash' },
    sections: { tutor: { title: 'Trusted browsers', description: 'Browsers the account signed in from (dates only).', find: byAccount(trustedDevices.userId) } },
  },
  {
    table: calendarFeeds,
    personal: ['userId'],
    secrets: { tokenHash: 'Calendar feed address hash' },
    sections: { tutor: { title: 'Calendar feed', description: 'When the address their calendar reads was made and last read.', find: byAccount(calendarFeeds.userId) } },
  },
  {
    table: secondFactors,
    personal: ['userId'],
    secrets: { secretCiphertext: 'Authenticator app secret' },
    sections: { tutor: { title: 'Second sign-in step', description: 'When the authenticator app was set up.', find: byAccount(secondFactors.userId) } },
  },
  {
    table: recoveryCodes,
    personal: ['userId'],
    secrets: { codeHash: 'Recovery code hash' },
    sections: { tutor: { title: 'Recovery codes', description: 'When each recovery code was made and used.', find: byAccount(recoveryCodes.userId) } },
  },
  {
    table: signInChallenges,
    personal: ['userId'],
    secrets: { tokenHash: 'Sign-in challenge token hash' },
    sections: { tutor: { title: 'Sign-ins waiting for the second step', description: 'Half-done sign-ins and their wrong codes.', find: byAccount(signInChallenges.userId) } },
  },
  {
    table: tutorProfiles,
    personal: ['phone', 'postcode', 'subjects', 'travelArea', 'highestQualification', 'qualifications', 'experience', 'notes'],
    sections: { tutor: { title: 'Tutor profile', description: 'What the office knows of the tutor: status, subjects, where and when, background, notes.', find: byAccount(tutorProfiles.userId) } },
  },
  {
    table: safeguardingChecks,
    personal: ['reference'],
    sections: { tutor: { title: 'Safeguarding checks', description: 'The DBS checks the office recorded.', find: byAccount(safeguardingChecks.tutorId) } },
  },
  {
    table: passwordResetTokens,
    personal: ['userId'],
    secrets: { tokenHash: 'Password link token hash' },
    sections: { tutor: { title: 'Password and invitation links', description: 'When each link was made, expired and was used.', find: byAccount(passwordResetTokens.userId) } },
  },
  {
    table: familyLinks,
    personal: ['email'],
    secrets: { tokenHash: 'Family page link token hash' },
    sections: {
      contact: familyLinkSection,
      'school-contact': familyLinkSection,
    },
  },
  {
    table: familyMailSettings,
    personal: ['email'],
    sections: {
      contact: familyMailSection,
      'school-contact': familyMailSection,
    },
  },
  {
    table: rateLimits,
    personal: ['key'],
    sections: { tutor: rateLimitSection, contact: rateLimitSection, 'school-contact': rateLimitSection },
  },
  {
    table: mailOutbox,
    personal: ['to', 'subject', 'text', 'html'],
    sections: { learner: mailSection, contact: mailSection, tutor: mailSection, 'school-contact': mailSection, registration: mailSection },
  },
  {
    table: jobs,
    personal: ['payload'],
    sections: { learner: jobsSection, contact: jobsSection, tutor: jobsSection, 'school-contact': jobsSection, registration: jobsSection },
  },
  {
    table: auditEvents,
    personal: ['details', 'ip', 'related'],
    sections: {
      learner: historySection('Every recorded change to the learner, their registrations, placements and lessons.'),
      contact: historySection('Recorded changes and sign-in attempts that name the address, and changes to registrations sent from it.'),
      tutor: historySection('Everything recorded about the account, and everything its holder did (sign-ins, changes).'),
      'school-contact': historySection("Changes to the school's record that touched this contact, and entries naming the address."),
      registration: historySection("The registration's recorded changes."),
    },
  },
  {
    table: media,
    personal: ['uploadedBy'],
    omit: ['bytes'],
    sections: { tutor: { title: 'Images uploaded', description: 'Images in the media library the account uploaded.', find: byAccount(media.uploadedBy) } },
  },
  none(mediaVariants, "Resized copies of the library's images; who uploaded an image is on media."),
  {
    table: blogPosts,
    personal: ['authorName'],
    sections: {
      tutor: {
        title: 'Blog posts',
        description: "Blog posts whose author's name is the account's name.",
        columns: ['id', 'slug', 'title', 'authorName', 'status', 'publishedAt', 'createdAt', 'updatedAt'],
        find: async (db, scope) => {
          if (scope.userIds.length === 0) return []
          const names = await db.select({ name: users.name }).from(users).where(inArray(users.id, scope.userIds))
          return names.length === 0 ? [] : db.select().from(blogPosts).where(inArray(sql`lower(${blogPosts.authorName})`, names.map(({ name }) => name.toLowerCase())))
        },
      },
    },
  },
  none(courses, 'The course catalogue the public site shows.'),
  none(galleryItems, 'Photos and captions the public gallery shows; the images are in media.'),
  {
    table: siteSettings,
    personal: ['updatedBy'],
    sections: { tutor: { title: 'Site settings changed', description: 'When the account last changed the site settings.', columns: ['updatedAt', 'updatedBy'], find: byAccount(siteSettings.updatedBy) } },
  },
  {
    table: sitePages,
    personal: ['updatedBy'],
    sections: { tutor: { title: 'Site pages changed', description: 'Pages the account changed last.', columns: ['slug', 'title', 'updatedAt', 'updatedBy'], find: byAccount(sitePages.updatedBy) } },
  },
  {
    table: contactMessages,
    personal: ['name', 'email', 'phone', 'subject', 'message', 'ip', 'userAgent'],
    sections: { contact: messagesSection, tutor: messagesSection, 'school-contact': messagesSection },
  },
  {
    table: students,
    personal: ['name', 'yearGroup', 'school', 'contactName', 'contactRelationship', 'contactEmail', 'contactPhone', 'preferredContact', 'addressLine1', 'addressLine2', 'town', 'postcode', 'subjects', 'level', 'goals', 'needs', 'notesForTutors'],
    sections: {
      learner: { title: 'Learner record', description: "The learner's record: details, contact, address, needs and notes for tutors.", find: (db, scope) => db.select().from(students).where(among(students.id, scope.studentIds)) },
      contact: {
        title: 'Learners naming you as their contact',
        description: "Your details as each learner's contact. The learner's own record is exported from the learner.",
        personal: ['name', 'contactName', 'contactRelationship', 'contactEmail', 'contactPhone', 'preferredContact'],
        columns: STUDENT_CONTACT_COLUMNS,
        find: (db, scope) => db.select().from(students).where(among(students.id, scope.studentIds)),
        recordTitle: (row) => String(row.name),
      },
    },
  },
  {
    table: placements,
    personal: ['subject', 'notes', 'endReason'],
    sections: {
      learner: { title: 'Placements', description: 'The tutors the learner was placed with, for which subject, and how each ended.', find: (db, scope) => db.select().from(placements).where(among(placements.studentId, scope.studentIds)) },
      tutor: { title: 'Placements', description: 'The learners placed with the tutor.', find: byAccount(placements.tutorId) },
    },
  },
  {
    table: schools,
    personal: ['contacts', 'safeguardingLeadName', 'safeguardingLeadEmail', 'safeguardingLeadPhone'],
    sections: {
      'school-contact': {
        title: 'School contact',
        description: "Your entry in the school's list of contacts.",
        personal: ['contacts'],
        find: (_db, scope) => Promise.resolve(scope.schoolContact ? [{ schoolId: scope.schoolContact.schoolId, schoolName: scope.schoolContact.schoolName, contact: scope.schoolContact.index, ...scope.schoolContact.value }] : []),
      },
      contact: { title: 'Schools naming the address', description: "Schools where the address is a contact's or the safeguarding lead's.", find: schoolsNaming, recordTitle: (row) => String(row.schoolName) },
    },
  },
  {
    table: registrations,
    personal: ['answers', 'name', 'email', 'summary', 'ip', 'userAgent'],
    sections: { learner: registrationsSection, contact: registrationsSection, tutor: registrationsSection, 'school-contact': registrationsSection, registration: registrationsSection },
  },
  {
    table: registrationEvents,
    personal: ['note', 'reason'],
    sections: { learner: registrationEventsSection, contact: registrationEventsSection, tutor: registrationEventsSection, 'school-contact': registrationEventsSection, registration: registrationEventsSection },
  },
  {
    table: lessons,
    personal: ['subject', 'place', 'cancelReason', 'missedNote'],
    sections: {
      learner: { title: 'Lessons', description: 'Every lesson planned for the learner, including cancelled and missed ones.', find: lessonsOf },
      tutor: { title: 'Lessons taught', description: 'Every lesson planned for the tutor.', find: lessonsOf },
    },
  },
  {
    table: lessonLearners,
    personal: ['attendance'],
    sections: {
      learner: {
        title: 'Attendance',
        description: 'Whether the learner came to each lesson, once reported.',
        find: (db, scope) =>
          db
            .select({ lessonId: lessonLearners.lessonId, startsAt: lessons.startsAt, subject: lessons.subject, attendance: lessonLearners.attendance, placementId: lessonLearners.placementId })
            .from(lessonLearners)
            .innerJoin(lessons, eq(lessons.id, lessonLearners.lessonId))
            .where(among(lessonLearners.studentId, scope.studentIds))
            .orderBy(lessons.startsAt),
      },
    },
  },
  {
    table: lessonReports,
    personal: ['covered', 'progress', 'homework', 'staffNote', 'returnComment', 'draft'],
    sections: {
      learner: reportsSection("Reports on the learner's lessons: the part for the family (covered, progress, homework) and the staff note."),
      tutor: reportsSection('Reports the tutor wrote, with the office\u2019s returns.'),
    },
  },
  {
    table: safeguardingConcerns,
    personal: ['details', 'statusNote'],
    concerns: true,
    sections: {
      learner: { title: 'Safeguarding concerns', description: 'Concerns about the learner raised in lesson reports, and their handling.', find: (db, scope) => db.select().from(safeguardingConcerns).where(among(safeguardingConcerns.id, scope.concernIds)) },
      tutor: { title: 'Safeguarding concerns raised', description: 'Concerns the tutor raised in lesson reports, and their handling.', find: (db, scope) => db.select().from(safeguardingConcerns).where(among(safeguardingConcerns.id, scope.concernIds)) },
    },
  },
  none(siteBuilds, "Builds of the web app the servers have served: names of files and when a build started."),
  none(siteAssets, 'The web app\u2019s own files (scripts, styles), kept for rolling deploys.'),
  {
    table: recordOpenings,
    personal: ['userId', 'subjectId'],
    sections: {
      learner: {
        title: 'Who opened the record',
        description: "Each time staff opened the learner's record or a report on their lessons, or exported this data.",
        find: (db, scope) => {
          const opened = [
            and(eq(recordOpenings.subjectType, 'student'), among(recordOpenings.subjectId, scope.studentIds)),
            and(eq(recordOpenings.subjectType, 'lesson_report'), among(recordOpenings.subjectId, scope.lessonIds)),
            and(eq(recordOpenings.subjectType, 'concern'), among(recordOpenings.subjectId, scope.concernIds)),
          ]
          return openingsShown(db.select().from(recordOpenings).where(or(...opened)).orderBy(recordOpenings.at), scope)
        },
      },
      tutor: {
        title: 'Records opened',
        description: "Each time staff opened the tutor's record, and each record the account's holder opened.",
        find: (db, scope) =>
          openingsShown(
            db
              .select()
              .from(recordOpenings)
              .where(or(and(eq(recordOpenings.subjectType, 'tutor'), among(recordOpenings.subjectId, scope.userIds)), among(recordOpenings.userId, scope.userIds)))
              .orderBy(recordOpenings.at),
            scope,
          ),
      },
      'school-contact': {
        title: 'Who opened the school',
        description: "Each time staff opened the school's record, which holds this contact.",
        find: (db, scope) =>
          scope.schoolContact
            ? openingsShown(db.select().from(recordOpenings).where(and(eq(recordOpenings.subjectType, 'school'), eq(recordOpenings.subjectId, scope.schoolContact.schoolId))).orderBy(recordOpenings.at), scope)
            : nothing,
      },
    },
  },
  {
    table: retentionSettings,
    personal: ['updatedBy'],
    sections: { tutor: { title: 'Retention settings changed', description: 'When the account last changed how long records are kept.', columns: ['updatedAt', 'updatedBy'], find: byAccount(retentionSettings.updatedBy) } },
  },
  {
    table: termCalendar,
    personal: ['updatedBy'],
    sections: { tutor: { title: 'Term dates changed', description: 'When the account last changed the terms and holidays.', columns: ['updatedAt', 'updatedBy'], find: byAccount(termCalendar.updatedBy) } },
  },
  none(retentionRuns, 'Counts of what each retention run removed; never names or ids.'),
]

export const holdsPersonalData = (entry: RegistryEntry): entry is PersonalTable => !('none' in entry)
