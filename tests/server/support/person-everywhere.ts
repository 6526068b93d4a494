import { randomBytes } from 'node:crypto'
import { ENUMS } from '../../../shared/contract.gen.ts'
import {
  auditEvents,
  blogPosts,
  contactMessages,
  jobs,
  lessonLearners,
  lessonReports,
  lessons,
  mailOutbox,
  media,
  familyLinks,
  familyMailSettings,
  passwordResetTokens,
  placements,
  rateLimits,
  recordOpenings,
  recoveryCodes,
  registrationEvents,
  registrations,
  retentionSettings,
  termCalendar,
  safeguardingChecks,
  safeguardingConcerns,
  schools,
  secondFactors,
  sessions,
  signInChallenges,
  sitePages,
  siteSettings,
  students,
  trustedDevices,
  calendarFeeds,
  tutorProfiles,
  users,
} from '../../../server/db/schema.ts'
import type { SubjectKind as Kind } from '../../../server/personal-data/registry.ts'
import type { TestApp } from './test-app.ts'

/** One personal value the fixture stored: the table and column (as the schema names them in code) and whose it is. */
export interface Expectation {
  table: string
  column: string
  value: string
  kinds: Kind[]
  /** Part of a safeguarding concern: shown only when a safeguarding lead includes concerns. */
  concern?: boolean
}

export interface PersonEverywhere {
  learnerId: string
  contactEmail: string
  tutorId: string
  tutorEmail: string
  schoolId: string
  /** The school contact's place in the school's list. */
  schoolContact: number
  schoolContactEmail: string
  registrationId: string
  /** Every personal value stored, with whose it is. */
  expectations: Expectation[]
  /** Values of secret columns (hashes, the second-step secret, a mail's password link): never in any export. */
  secrets: string[]
}

/** The table's name in SQL (mail_outbox) from its name in code (mailOutbox), as the export's sections name it. */
const sqlName = (table: string) => table.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

const ALL: Kind[] = [...ENUMS.PersonalDataKind]

/**
 * Data naming one family (a learner and their contact), one tutor, one school contact and one registration in every
 * table that holds personal data, each personal column with a value of its own, stored directly so every column can
 * be reached (erasure and export tests alike). Each call uses fresh names, so one database can hold several.
 */
export async function fillPersonEverywhere(t: TestApp): Promise<PersonEverywhere> {
  const db = t.database.db
  const tag = randomBytes(4).toString('hex')
  const expectations: Expectation[] = []
  const secrets: string[] = []
  /** A value no other column holds, recorded as expected in the exports of `kinds`. */
  const mark = (table: string, column: string, kinds: Kind[], options: { concern?: boolean; suffix?: string } = {}) => {
    const value = `pe${tag}-${table}-${column}${options.suffix ?? ''}`
    expectations.push({ table: sqlName(table), column, value, kinds, ...(options.concern ? { concern: true } : {}) })
    return value
  }
  /** A value that is personal but not made up here (an address, an id), recorded as expected in the exports of `kinds`. */
  const known = (table: string, column: string, value: string, kinds: Kind[]) => {
    expectations.push({ table: sqlName(table), column, value, kinds })
    return value
  }
  const secret = (name: string) => {
    const value = `SECRET${tag}${name}`
    secrets.push(value)
    return value
  }

  const contactEmail = `pe${tag}.contact@example.org`
  const tutorEmail = `pe${tag}.tutor@example.org`
  const schoolContactEmail = `pe${tag}.school@example.org`
  const now = new Date()
  const later = new Date(now.getTime() + 24 * 3600 * 1000)

  // Accounts: the tutor's, and accounts that happen to use the contact's and the school contact's addresses.
  const [tutor] = await db
    .insert(users)
    .values({ email: known('users', 'email', tutorEmail, ['tutor']), name: mark('users', 'name', ['tutor']), role: 'TUTOR', passwordHash: secret('password') })
    .returning()
  if (!tutor) throw new Error('no tutor')
  await db.insert(users).values({ email: known('users', 'email', contactEmail, ['contact']), name: mark('users', 'name', ['contact'], { suffix: '-contact' }), role: 'TUTOR', passwordHash: secret('password2') })
  await db
    .insert(users)
    .values({ email: known('users', 'email', schoolContactEmail, ['school-contact']), name: mark('users', 'name', ['school-contact'], { suffix: '-school' }), role: 'TUTOR', passwordHash: secret('password3') })
  const tutorOnly = (table: string) => known(table, 'userId', tutor.id, ['tutor'])

  const [session] = await db
    .insert(sessions)
    .values({ tokenHash: secret('session'), userId: tutor.id, remember: true, expiresAt: later, idleTimeoutSeconds: 600, ip: mark('sessions', 'ip', ['tutor']), userAgent: mark('sessions', 'userAgent', ['tutor']) })
    .returning()
  if (!session) throw new Error('no session')
  tutorOnly('trustedDevices')
  const [device] = await db.insert(trustedDevices).values({ tokenHash: secret('device'), userId: tutor.id, expiresAt: later }).returning()
  tutorOnly('calendarFeeds')
  await db.insert(calendarFeeds).values({ userId: tutor.id, tokenHash: secret('calendar-feed') })
  tutorOnly('secondFactors')
  await db.insert(secondFactors).values({ userId: tutor.id, secretCiphertext: secret('totp') })
  tutorOnly('recoveryCodes')
  await db.insert(recoveryCodes).values({ userId: tutor.id, codeHash: secret('recovery') })
  tutorOnly('signInChallenges')
  await db.insert(signInChallenges).values({ tokenHash: secret('challenge'), userId: tutor.id, remember: true, deviceId: device?.id ?? null, expiresAt: later })
  tutorOnly('passwordResetTokens')
  await db.insert(passwordResetTokens).values({ tokenHash: secret('reset'), userId: tutor.id, expiresAt: later })
  await db.insert(tutorProfiles).values({
    userId: tutor.id,
    status: 'active',
    phone: mark('tutorProfiles', 'phone', ['tutor']),
    postcode: mark('tutorProfiles', 'postcode', ['tutor']),
    subjects: [mark('tutorProfiles', 'subjects', ['tutor'])],
    travelArea: mark('tutorProfiles', 'travelArea', ['tutor']),
    highestQualification: mark('tutorProfiles', 'highestQualification', ['tutor']),
    qualifications: mark('tutorProfiles', 'qualifications', ['tutor']),
    experience: mark('tutorProfiles', 'experience', ['tutor']),
    notes: mark('tutorProfiles', 'notes', ['tutor']),
  })
  await db.insert(safeguardingChecks).values({ tutorId: tutor.id, type: 'enhanced_barred', reference: mark('safeguardingChecks', 'reference', ['tutor']), issuedOn: '2026-01-05' })

  // Schools: one where the school contact is listed, one where the contact person is a contact and the safeguarding lead.
  const [school] = await db
    .insert(schools)
    .values({
      name: `School ${tag}`,
      type: 'primary',
      addressLine1: '1 School Lane',
      town: 'Town',
      postcode: 'AB1 2CD',
      contacts: [
        { name: 'Someone Else', role: 'Head', email: 'head@example.org', phone: '01000 000000' },
        { name: mark('schools', 'contacts', ['school-contact']), role: `pe${tag}-role`, email: schoolContactEmail, phone: `pe${tag}-phone` },
      ],
      safeguardingLeadName: 'Other Lead',
      safeguardingLeadEmail: 'lead@example.org',
    })
    .returning()
  if (!school) throw new Error('no school')
  await db.insert(schools).values({
    name: `Other school ${tag}`,
    type: 'secondary',
    addressLine1: '2 School Lane',
    town: 'Town',
    postcode: 'AB1 2CE',
    contacts: [{ name: mark('schools', 'contacts', ['contact'], { suffix: '-contact' }), role: 'Parent governor', email: contactEmail, phone: '01000 000001' }],
    safeguardingLeadName: mark('schools', 'safeguardingLeadName', ['contact']),
    safeguardingLeadEmail: known('schools', 'safeguardingLeadEmail', contactEmail, ['contact']),
    safeguardingLeadPhone: mark('schools', 'safeguardingLeadPhone', ['contact']),
  })

  // The learner, whose contact is the contact person.
  const both: Kind[] = ['learner', 'contact']
  const [learner] = await db
    .insert(students)
    .values({
      name: mark('students', 'name', both),
      yearGroup: mark('students', 'yearGroup', ['learner']),
      school: mark('students', 'school', ['learner']),
      contactName: mark('students', 'contactName', both),
      contactRelationship: mark('students', 'contactRelationship', both),
      contactEmail: known('students', 'contactEmail', contactEmail, both),
      contactPhone: mark('students', 'contactPhone', both),
      preferredContact: mark('students', 'preferredContact', both),
      addressLine1: mark('students', 'addressLine1', ['learner']),
      addressLine2: mark('students', 'addressLine2', ['learner']),
      town: mark('students', 'town', ['learner']),
      postcode: mark('students', 'postcode', ['learner']),
      subjects: [mark('students', 'subjects', ['learner'])],
      level: mark('students', 'level', ['learner']),
      deliveryMode: 'home',
      goals: mark('students', 'goals', ['learner']),
      needs: mark('students', 'needs', ['learner']),
      notesForTutors: mark('students', 'notesForTutors', ['learner']),
      status: 'active',
    })
    .returning()
  if (!learner) throw new Error('no learner')

  const placedWith: Kind[] = ['learner', 'tutor']
  const [placement] = await db
    .insert(placements)
    .values({
      studentId: learner.id,
      tutorId: tutor.id,
      subject: mark('placements', 'subject', placedWith),
      mode: 'home',
      startsOn: '2026-01-10',
      frequency: 'weekly',
      notes: mark('placements', 'notes', placedWith),
      endReason: mark('placements', 'endReason', placedWith),
    })
    .returning()
  if (!placement) throw new Error('no placement')
  const [lesson] = await db
    .insert(lessons)
    .values({
      tutorId: tutor.id,
      subject: mark('lessons', 'subject', placedWith),
      mode: 'home',
      startsAt: new Date('2026-02-02T16:00:00Z'),
      minutes: 60,
      place: mark('lessons', 'place', placedWith),
      status: 'submitted',
      cancelReason: mark('lessons', 'cancelReason', placedWith),
      missedNote: mark('lessons', 'missedNote', placedWith),
    })
    .returning()
  if (!lesson) throw new Error('no lesson')
  await db.insert(lessonLearners).values({ lessonId: lesson.id, studentId: learner.id, placementId: placement.id, attendance: 'late' })
  known('lessonLearners', 'attendance', 'late', ['learner'])
  await db.insert(lessonReports).values({
    lessonId: lesson.id,
    covered: mark('lessonReports', 'covered', placedWith),
    progress: mark('lessonReports', 'progress', placedWith),
    homework: mark('lessonReports', 'homework', placedWith),
    staffNote: mark('lessonReports', 'staffNote', placedWith),
    returnComment: mark('lessonReports', 'returnComment', placedWith),
    submittedAt: now,
    draft: { covered: mark('lessonReports', 'draft', placedWith), concernDetails: mark('lessonReports', 'draftConcern', placedWith, { concern: true }) },
  })
  await db.insert(safeguardingConcerns).values({
    lessonId: lesson.id,
    studentId: learner.id,
    raisedBy: tutor.id,
    severity: 'medium',
    details: mark('safeguardingConcerns', 'details', placedWith, { concern: true }),
    statusNote: mark('safeguardingConcerns', 'statusNote', placedWith, { concern: true }),
  })

  // Registrations: the family's enrolment (which became the learner), the tutor's application, the school's enrolment.
  const registration = async (kinds: Kind[], email: string, link: Partial<typeof registrations.$inferInsert>, suffix: string) => {
    const [row] = await db
      .insert(registrations)
      .values({
        reference: `TEC-PE-${tag}${suffix}`.toUpperCase(),
        type: 'subject',
        answers: { note: mark('registrations', 'answers', kinds, { suffix }) },
        name: mark('registrations', 'name', kinds, { suffix }),
        email: known('registrations', 'email', email, kinds),
        summary: mark('registrations', 'summary', kinds, { suffix }),
        duplicateKey: `dup-${tag}${suffix}`,
        ip: mark('registrations', 'ip', kinds, { suffix }),
        userAgent: mark('registrations', 'userAgent', kinds, { suffix }),
        ...link,
      })
      .returning()
    if (!row) throw new Error('no registration')
    await db.insert(registrationEvents).values({ registrationId: row.id, kind: 'note', note: mark('registrationEvents', 'note', kinds, { suffix }), reason: mark('registrationEvents', 'reason', kinds, { suffix }) })
    return row
  }
  const family = await registration(['learner', 'contact', 'registration'], contactEmail, { studentId: learner.id }, 'f')
  await registration(['tutor'], tutorEmail, { type: 'tutor', userId: tutor.id }, 't')
  await registration(['school-contact'], schoolContactEmail, { type: 'school', schoolId: school.id }, 's')

  // Messages and mail, from and to each address.
  const message = async (kinds: Kind[], email: string, suffix: string) =>
    db.insert(contactMessages).values({
      reference: `MSG-PE${tag}${suffix}`.toUpperCase(),
      name: mark('contactMessages', 'name', kinds, { suffix }),
      email: known('contactMessages', 'email', email, kinds),
      phone: mark('contactMessages', 'phone', kinds, { suffix }),
      subject: mark('contactMessages', 'subject', kinds, { suffix }),
      message: mark('contactMessages', 'message', kinds, { suffix }),
      fingerprint: `fp-${tag}${suffix}`,
      ip: mark('contactMessages', 'ip', kinds, { suffix }),
      userAgent: mark('contactMessages', 'userAgent', kinds, { suffix }),
    })
  await message(['contact'], contactEmail, 'c')
  await message(['tutor'], tutorEmail, 't')
  await message(['school-contact'], schoolContactEmail, 's')
  const mail = async (kinds: Kind[], to: string, suffix: string) =>
    db.insert(mailOutbox).values({
      to: known('mailOutbox', 'to', to, kinds),
      subject: mark('mailOutbox', 'subject', kinds, { suffix }),
      text: mark('mailOutbox', 'text', kinds, { suffix }),
      html: mark('mailOutbox', 'html', kinds, { suffix }),
      status: 'sent',
      kind: 'placement_started',
      sentAt: now,
    })
  await mail(['learner', 'contact', 'registration'], contactEmail, 'c')
  await mail(['tutor'], tutorEmail, 't')
  await mail(['school-contact'], schoolContactEmail, 's')
  // A password link is a secret even to the person it was sent to.
  await db.insert(mailOutbox).values({ to: tutorEmail, subject: 'Choose a new password', text: `Open ${secret('link')}`, status: 'stored', kind: 'password_reset', carriesSecretLink: true })

  // Their links to the family page (secrets even to them), and the report mails they stopped.
  await db.insert(familyLinks).values([
    { tokenHash: secret('family-c'), email: known('familyLinks', 'email', contactEmail.toLowerCase(), ['contact']), expiresAt: later },
    { tokenHash: secret('family-s'), email: known('familyLinks', 'email', schoolContactEmail.toLowerCase(), ['school-contact']), expiresAt: later },
  ])
  await db.insert(familyMailSettings).values([
    { email: known('familyMailSettings', 'email', contactEmail.toLowerCase(), ['contact']), reportsStoppedAt: now },
    { email: known('familyMailSettings', 'email', schoolContactEmail.toLowerCase(), ['school-contact']), remindersStoppedAt: now },
  ])

  // Work, counters, history and openings that name them.
  await db.insert(jobs).values({
    kind: 'person-everywhere',
    payload: { studentId: learner.id, userId: tutor.id, email: contactEmail, school: schoolContactEmail, registrationId: family.id, note: mark('jobs', 'payload', ALL) },
    state: 'failed',
  })
  await db.insert(rateLimits).values([
    { key: known('rateLimits', 'key', `forget:account:${tutorEmail}`, ['tutor']), windowStart: now, count: 1 },
    { key: known('rateLimits', 'key', `contact:email:${contactEmail}`, ['contact']), windowStart: now, count: 1 },
    { key: known('rateLimits', 'key', `registration:email:${schoolContactEmail}`, ['school-contact']), windowStart: now, count: 1 },
  ])
  // One entry naming everyone: about the registration, made by the tutor, naming the learner, with both addresses in its details.
  await db.insert(auditEvents).values({
    action: 'registration.note_added',
    actorUserId: tutor.id,
    subjectType: 'registration',
    subjectId: family.id,
    ip: mark('auditEvents', 'ip', ALL),
    details: { note: mark('auditEvents', 'details', ALL), emails: [contactEmail, schoolContactEmail] },
    related: [`student:${learner.id}`, mark('auditEvents', 'related', ALL)],
  })
  // A change to the school that touched the school contact's entry.
  await db.insert(auditEvents).values({
    action: 'school.updated',
    actorUserId: null,
    subjectType: 'school',
    subjectId: school.id,
    details: { changes: [{ field: 'contacts.1.phone', from: `pe${tag}-old-phone`, to: `pe${tag}-phone` }] },
  })
  await db.insert(recordOpenings).values([
    { userId: tutor.id, subjectType: 'student', subjectId: known('recordOpenings', 'subjectId', learner.id, ['learner']), kind: 'opened' },
    { userId: tutor.id, subjectType: 'tutor', subjectId: tutor.id, kind: 'opened' },
    { userId: tutor.id, subjectType: 'school', subjectId: known('recordOpenings', 'subjectId', school.id, ['school-contact']), kind: 'opened' },
  ])
  known('recordOpenings', 'userId', tutor.id, ['learner', 'tutor', 'school-contact'])
  known('recordOpenings', 'subjectId', tutor.id, ['tutor'])

  // What the tutor uploaded, wrote and changed on the site.
  await db.insert(media).values({ id: randomBytes(32).toString('hex'), contentType: 'image/png', bytes: new Uint8Array([1, 2, 3]), width: 1, height: 1, fileName: `pe${tag}.png`, uploadedBy: tutor.id })
  known('media', 'uploadedBy', tutor.id, ['tutor'])
  await db.insert(blogPosts).values({ slug: `pe-${tag}`, title: `Post ${tag}`, excerpt: '', bodyHtml: '<p>Hi</p>', authorName: known('blogPosts', 'authorName', tutor.name, ['tutor']) })
  await db
    .insert(siteSettings)
    .values({ organisationName: 'TEC', email: 'office@example.org', phone: '01000 000002', addressLines: ['1 Road'], openingHours: '9-5', figures: [], updatedBy: tutor.id })
    .onConflictDoUpdate({ target: siteSettings.id, set: { updatedBy: tutor.id } })
  known('siteSettings', 'updatedBy', tutor.id, ['tutor'])
  await db
    .insert(sitePages)
    .values({ slug: 'terms-of-use', title: 'Terms', bodyHtml: '<p>Terms</p>', updatedBy: tutor.id })
    .onConflictDoUpdate({ target: sitePages.slug, set: { updatedBy: tutor.id } })
  known('sitePages', 'updatedBy', tutor.id, ['tutor'])
  await db.insert(retentionSettings).values({ updatedBy: tutor.id }).onConflictDoUpdate({ target: retentionSettings.id, set: { updatedBy: tutor.id } })
  known('retentionSettings', 'updatedBy', tutor.id, ['tutor'])
  await db.insert(termCalendar).values({ terms: [], holidays: [], updatedBy: tutor.id }).onConflictDoUpdate({ target: termCalendar.id, set: { updatedBy: tutor.id } })
  known('termCalendar', 'updatedBy', tutor.id, ['tutor'])

  return {
    learnerId: learner.id,
    contactEmail,
    tutorId: tutor.id,
    tutorEmail,
    schoolId: school.id,
    schoolContact: 1,
    schoolContactEmail,
    registrationId: family.id,
    expectations,
    secrets,
  }
}
