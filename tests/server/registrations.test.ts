import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../src/api/schema.gen.ts'
import { DEMO_SITE_SETTINGS } from '../../server/demo/gallery.ts'
import { seedDemoContent } from '../../server/demo/content.ts'
import { saveSiteSettings } from '../../server/site-settings/records.ts'
import { contract } from '../../server/contract/document.ts'
import { mailOutbox, registrationEvents, registrations } from '../../server/db/schema.ts'
import { SUBJECT_CATALOGUE } from '../../server/subjects/queries.ts'
import { BODIES, courseEnrolment, FORM_PATHS, inDays, schoolEnrolment, subjectEnrolment, tutorApplication } from './support/registration-bodies.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

type Receipt = components['schemas']['RegistrationReceipt']
type FormType = keyof typeof FORM_PATHS

let t: TestApp
const TEAM_EMAIL = 'enrolments@tec.example'
const PREFIXES: Record<FormType, string> = { subject: 'SUB', course: 'CRS', school: 'SCH', tutor: 'TUT' }
const SCHEMAS: Record<FormType, string> = {
  subject: 'SubjectEnrolmentRequest',
  course: 'CourseEnrolmentRequest',
  school: 'SchoolEnrolmentRequest',
  tutor: 'TutorApplicationRequest',
}
const FORM_TYPES = Object.keys(FORM_PATHS) as FormType[]
const REQUIRED = 'This field is required.'
/** What each confirmation names for the valid bodies (tests/server/support/registration-bodies.ts). */
const ENROLLED_FOR: Record<FormType, string> = {
  subject: 'Thank you for your subject enrolment: Maths and Physics tutoring, taught at home.',
  course: 'Thank you for your course enrolment: GCSE Maths Revision, taught online.',
  school: `Thank you for your school enrolment: tutoring in Reading and Maths for your pupils, from the spring term ${new Date().getUTCFullYear() + 1}.`,
  tutor: 'Thank you for your tutor application: teaching Maths and Computing, online or at home.',
}

beforeAll(async () => {
  t = await createTestApp()
  await seedDemoContent(t.database.db)
  await saveSiteSettings(t.database.db, { ...DEMO_SITE_SETTINGS, email: TEAM_EMAIL })
})
afterAll(async () => t?.close())

let sequence = 0
/** A fresh number per call, for emails, names and IPs no other test shares. */
const next = () => ++sequence
const ipOf = (n: number) => `198.19.${Math.floor(n / 250)}.${n % 250}`

function valid(type: FormType, overrides: Record<string, unknown> = {}) {
  const n = next()
  return { n, ip: ipOf(n), body: BODIES[type](n, overrides) as Record<string, unknown> }
}

const send = (type: FormType, options: { ip: string; body: unknown }) => t.request<Receipt>('POST', FORM_PATHS[type], options)

/** Sends a variation of a valid body and answers the field messages of the 400. */
async function problemsOf(type: FormType, change: (body: Record<string, unknown>) => void): Promise<Record<string, string>> {
  const { ip, body } = valid(type)
  change(body)
  const answer = await send(type, { ip, body })
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  expect(answer.body).toHaveProperty('message', 'Check the highlighted fields.')
  return (answer.body as { fields?: Record<string, string> }).fields ?? {}
}

async function storedCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(registrations)
  return row?.n ?? 0
}

const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))

type SchemaNode = Record<string, unknown>
const schemas = contract().schemas as Record<string, SchemaNode>
function resolve(node: SchemaNode): SchemaNode {
  const ref = node.$ref
  return typeof ref === 'string' ? resolve(schemas[ref.replace('#/components/schemas/', '')] ?? {}) : node
}

/** Every required field of a schema as a dotted path (into the first item of a list of objects). */
function requiredPaths(node: SchemaNode, prefix = ''): string[] {
  const schema = resolve(node)
  if (schema.type === 'array' && schema.items) return requiredPaths(schema.items as SchemaNode, `${prefix}0.`)
  if (schema.type !== 'object') return []
  const properties = (schema.properties ?? {}) as Record<string, SchemaNode>
  const required = (schema.required ?? []) as string[]
  return required.flatMap((name) => [`${prefix}${name}`, ...requiredPaths(properties[name] ?? {}, `${prefix}${name}.`)])
}

/** Every plain text field (a maxLength, no pattern or format) with its limit, as dotted paths. */
function textLimits(node: SchemaNode, prefix = ''): [string, number][] {
  const schema = resolve(node)
  if (schema.type === 'array' && schema.items) return textLimits(schema.items as SchemaNode, `${prefix}0.`)
  if (schema.type === 'string' && typeof schema.maxLength === 'number' && !schema.pattern && !schema.format) return [[prefix.slice(0, -1), schema.maxLength]]
  if (schema.type !== 'object') return []
  return Object.entries((schema.properties ?? {}) as Record<string, SchemaNode>).flatMap(([name, child]) => textLimits(child, `${prefix}${name}.`))
}

function parentOf(body: Record<string, unknown>, path: string): { holder: Record<string, unknown> | unknown[]; key: string } {
  const parts = path.split('.')
  const key = parts.pop() ?? ''
  let holder: unknown = body
  for (const part of parts) {
    const container = holder as Record<string, unknown>
    container[part] ??= {}
    holder = container[part]
  }
  return { holder: holder as Record<string, unknown>, key }
}

function removeAt(body: Record<string, unknown>, path: string): void {
  const { holder, key } = parentOf(body, path)
  if (Array.isArray(holder)) holder.splice(Number(key), 1)
  else delete holder[key]
}

function setAt(body: Record<string, unknown>, path: string, value: unknown): void {
  const { holder, key } = parentOf(body, path)
  ;(holder as Record<string, unknown>)[key] = value
}

describe('GET /api/subjects', () => {
  it('answers the catalogue plus every published course subject, sorted, cacheable', async () => {
    const answer = await t.request<components['schemas']['SubjectList']>('GET', '/api/subjects')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('public, no-cache')
    const { items } = answer.body
    for (const subject of [...SUBJECT_CATALOGUE, 'Coding', 'Chemistry']) expect(items).toContain(subject)
    expect(items).not.toContain('All subjects')
    expect(items).toEqual([...items].sort((a, b) => a.localeCompare(b, 'en')))
    expect(new Set(items.map((item) => item.toLowerCase())).size).toBe(items.length)
  })
})

describe.each(FORM_TYPES)('the %s form', (type) => {
  it('stores a valid submission, answers 201 with a reference and mails the person and the team', async () => {
    const { ip, body } = valid(type)
    const answer = await send(type, { ip, body: { ...body, website: '' } })
    expect(answer.status).toBe(201)
    expect(answer.body.reference).toMatch(new RegExp(`^TEC-${PREFIXES[type]}-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{6}$`))
    expect(answer.body.message).toMatch(/^Thank you/)

    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.reference, answer.body.reference))
    expect(row).toMatchObject({ type, status: 'new', ip })
    expect(row?.answers).not.toHaveProperty('website')
    const events = await t.database.db.select().from(registrationEvents).where(eq(registrationEvents.registrationId, row?.id ?? ''))
    expect(events).toMatchObject([{ kind: 'submitted', toStatus: 'new', actorUserId: null }])

    const [confirmation] = await mailsTo(row?.email ?? '')
    expect(confirmation?.subject).toContain(answer.body.reference)
    expect(confirmation?.text).toContain(answer.body.message)
    expect(confirmation?.text).toContain(ENROLLED_FOR[type])
    const notification = (await mailsTo(TEAM_EMAIL)).find((mail) => mail.subject.endsWith(answer.body.reference))
    expect(notification?.text).toContain(`Email: ${row?.email}`)
    expect(notification?.text).toContain(`http://tec.test/admin/registrations?q=${answer.body.reference}`)
  })

  it('names every required field that is missing, nested ones included', async () => {
    const paths = requiredPaths(schemas[SCHEMAS[type]] ?? {})
    expect(paths.length).toBeGreaterThan(4)
    for (const path of paths) {
      const fields = await problemsOf(type, (body) => removeAt(body, path))
      // A list that loses its only item says so at the list ("Choose at least 1.").
      if (/\.0$/.test(path) || path.endsWith('referees')) expect(Object.keys(fields).length, path).toBeGreaterThan(0)
      else expect(fields[path], path).toBe(REQUIRED)
    }
    const empty = await send(type, { ip: ipOf(next()), body: {} })
    expect(empty.status).toBe(400)
    const topLevel = requiredPaths(schemas[SCHEMAS[type]] ?? {}).filter((path) => !path.includes('.'))
    expect(Object.keys((empty.body as unknown as { fields: object }).fields).sort()).toEqual(topLevel.sort())
  })

  it('refuses unknown fields, at the top and nested, and text over its limit', async () => {
    const nested = { subject: 'contact', course: 'student', school: 'school', tutor: 'personal' }[type]
    const unknown = await problemsOf(type, (body) => {
      body.extra = 1
      ;(body[nested] as Record<string, unknown>).nickname = 'x'
    })
    expect(unknown).toMatchObject({ extra: 'This field is not allowed.', [`${nested}.nickname`]: 'This field is not allowed.' })

    const limits = textLimits(schemas[SCHEMAS[type]] ?? {})
    expect(limits.length).toBeGreaterThan(3)
    const oversize = await problemsOf(type, (body) => {
      for (const [path, limit] of limits) setAt(body, path, 'x'.repeat(limit + 1))
    })
    for (const [path, limit] of limits) expect(oversize[path], path).toBe(`Use at most ${limit} characters.`)
  })

  it('refuses a missing privacy consent, wrong types and a filled-in-with-spaces required field', async () => {
    const fields = await problemsOf(type, (body) => {
      body.privacyConsent = false
      body.marketingConsent = 'yes'
    })
    expect(fields).toMatchObject({ privacyConsent: 'Tick this box to continue.', marketingConsent: 'This must be true or false.' })
    const blank = { subject: 'goals', course: 'student.name', school: 'school.name', tutor: 'personalStatement' }[type]
    const spaces = await problemsOf(type, (body) => setAt(body, blank, ' '.repeat(60)))
    expect(spaces).toEqual({ [blank]: REQUIRED })
  })

  it('answers a filled honeypot like a real submission but stores and mails nothing', async () => {
    const before = await storedCount()
    const mailsBefore = (await mailsTo(TEAM_EMAIL)).length
    const answer = await send(type, valid(type, { website: 'https://cheap-pills.example' }))
    expect(answer.status).toBe(201)
    expect(answer.body.reference).toMatch(new RegExp(`^TEC-${PREFIXES[type]}-`))
    expect(await storedCount()).toBe(before)
    expect(await mailsTo(TEAM_EMAIL)).toHaveLength(mailsBefore)
  })

  it('stores a double click (three identical requests at once) once, with one reference and one pair of mails', async () => {
    const submission = valid(type)
    const before = await storedCount()
    const mailsBefore = (await mailsTo(TEAM_EMAIL)).length
    const answers = await Promise.all([send(type, submission), send(type, submission), send(type, submission)])
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
    expect(new Set(answers.map((answer) => answer.body.reference)).size).toBe(1)
    expect(await storedCount()).toBe(before + 1)
    expect(await mailsTo(TEAM_EMAIL)).toHaveLength(mailsBefore + 1)
  })
})

describe('duplicates', () => {
  it('answers the first reference for the same email and form within 10 minutes, whatever the case of the email', async () => {
    const first = valid('tutor')
    const answer = await send('tutor', first)
    const before = await storedCount()
    const personal = first.body.personal as Record<string, string>
    const again = await send('tutor', { ip: ipOf(next()), body: { ...first.body, personal: { ...personal, email: personal.email?.toUpperCase() } } })
    expect(again.status).toBe(201)
    expect(again.body.reference).toBe(answer.body.reference)
    expect(await storedCount()).toBe(before)

    // Ten minutes later it is a new application.
    await t.database.db
      .update(registrations)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(registrations.reference, answer.body.reference))
    const later = await send('tutor', { ip: ipOf(next()), body: first.body })
    expect(later.body.reference).not.toBe(answer.body.reference)
    expect(await storedCount()).toBe(before + 1)
  })

  it('treats a second child (or a second course) from the same parent as a new enrolment', async () => {
    const first = valid('subject')
    const answer = await send('subject', first)
    const sibling = await send('subject', { ip: first.ip, body: { ...first.body, student: { name: 'Another Child', yearGroup: 'year_7' } } })
    expect(sibling.body.reference).not.toBe(answer.body.reference)
    const course = valid('course')
    const one = await send('course', course)
    const other = await send('course', { ip: course.ip, body: { ...course.body, courseId: 'a-level-chemistry-tutoring' } })
    expect(other.status).toBe(201)
    expect(other.body.reference).not.toBe(one.body.reference)
  })
})

describe('cross-field rules', () => {
  it('subject enrolment: address for home lessons, age or year, a guardian for a minor, known subjects, a sensible start', async () => {
    expect(await problemsOf('subject', (body) => delete body.address)).toEqual({ address: 'Enter the address where lessons will happen.' })
    expect(
      await problemsOf('subject', (body) => {
        body.student = { name: 'Sam' }
      }),
    ).toEqual({ 'student.age': 'Enter the learner’s age, or choose their year group.' })
    expect(
      await problemsOf('subject', (body) => {
        body.applicantType = 'adult_learner'
        ;(body.contact as Record<string, unknown>).relationship = 'self'
      }),
    ).toEqual({ 'contact.relationship': 'A learner under 18 must be enrolled by a parent, guardian or referrer. Choose who you are.' })
    expect(await problemsOf('subject', (body) => (body.subjects = ['Maths', 'Astrology']))).toEqual({ 'subjects.1': 'Choose a subject from the list.' })
    expect(await problemsOf('subject', (body) => setAt(body, 'availability.startDate', inDays(-3)))).toEqual({ 'availability.startDate': 'Choose today or a later date.' })
    expect(await problemsOf('subject', (body) => setAt(body, 'availability.startDate', inDays(400)))).toEqual({ 'availability.startDate': 'Choose a date within the next year.' })
    expect(await problemsOf('subject', (body) => setAt(body, 'availability.startDate', '2026-02-30'))).toEqual({ 'availability.startDate': 'Enter a valid date, in the years 1900 to 2200.' })

    // An adult learner enrols themselves, online, without an address; subject names ignore case.
    const adult = valid('subject', {
      applicantType: 'adult_learner',
      student: { name: 'Jo Brown', age: 34 },
      deliveryMode: 'online',
      address: undefined,
      subjects: ['esol'],
      level: 'adult',
    })
    ;(adult.body.contact as Record<string, unknown>).relationship = 'self'
    expect((await send('subject', adult)).status).toBe(201)
  })

  it('course enrolment: a published course in a mode it offers, a start, and an emergency contact in person', async () => {
    expect(await problemsOf('course', (body) => (body.courseId = 'no-such-course'))).toEqual({ courseId: 'Choose a course from the list.' })
    expect(await problemsOf('course', (body) => (body.courseId = 'gcse-english-literature-workshops'))).toEqual({ courseId: 'Choose a course from the list.' })
    expect(await problemsOf('course', (body) => (body.deliveryMode = 'school'))).toEqual({
      deliveryMode: 'This course is not taught at school. Choose at home or online.',
      emergencyContact: 'Enter an emergency contact for lessons in person.',
    })
    expect(await problemsOf('course', (body) => delete body.startDate)).toEqual({ startDate: 'Choose a start date or a cohort.' })
    expect(await problemsOf('course', (body) => (body.deliveryMode = 'home'))).toEqual({
      address: 'Enter the address where lessons will happen.',
      emergencyContact: 'Enter an emergency contact for lessons in person.',
    })
    const inPerson = valid('course', {
      courseId: 'english-for-adults',
      startDate: undefined,
      cohort: 'Spring half term',
      deliveryMode: 'community',
      student: { name: 'Maria Lopez', age: 41 },
      emergencyContact: { name: 'Carlos Lopez', relationship: 'Husband', phone: '07700 900333' },
    })
    ;(inPerson.body.contact as Record<string, unknown>).relationship = 'self'
    expect((await send('course', inPerson)).status).toBe(201)
  })

  it('school enrolment: a term that has not ended, within two years, and known subjects', async () => {
    const year = new Date().getUTCFullYear()
    expect(
      await problemsOf('school', (body) => {
        body.startYear = year - 1
        body.startTerm = 'summer'
      }),
    ).toEqual({ startYear: 'That term has already ended. Choose a later one.' })
    expect(await problemsOf('school', (body) => (body.startYear = year + 3))).toEqual({ startYear: 'Choose a term within the next two years.' })
    expect(await problemsOf('school', (body) => (body.subjects = ['Quidditch']))).toEqual({ 'subjects.0': 'Choose a subject from the list.' })
    expect(await problemsOf('school', (body) => (body.pupilCount = '40'))).toEqual({ pupilCount: 'Enter a whole number of pupils from 1 to 5000.' })
    expect(await problemsOf('school', (body) => (body.yearGroups = ['year_5', 'year_5']))).toEqual({ yearGroups: 'Choose each option only once.' })
  })

  it('tutor application: a travel area for lessons in person, and referees other than the applicant and each other', async () => {
    expect(await problemsOf('tutor', (body) => setAt(body, 'delivery', { modes: ['home'] }))).toEqual({
      'delivery.travelArea': 'Enter where you can travel to for lessons in person.',
    })
    const sameAsApplicant = await problemsOf('tutor', (body) => {
      const referees = body.referees as Record<string, unknown>[]
      const personal = body.personal as Record<string, unknown>
      if (referees[0]) referees[0].email = String(personal.email).toUpperCase()
    })
    expect(sameAsApplicant).toEqual({ 'referees.0.email': 'A referee must have an email address different from yours.' })
    const sameReferees = await problemsOf('tutor', (body) => {
      const referees = body.referees as Record<string, unknown>[]
      if (referees[1] && referees[0]) referees[1].email = referees[0].email
    })
    expect(sameReferees).toEqual({ 'referees.1.email': 'The two referees must have different email addresses.' })
    expect(await problemsOf('tutor', (body) => (body.referees = (body.referees as unknown[]).slice(0, 1)))).toEqual({ referees: 'Choose at least 2.' })
    // The same words the application form shows for the same mistakes (shared/field-rules.ts).
    expect(await problemsOf('tutor', (body) => setAt(body, 'backgroundCheck.certificateNumber', '12345'))).toEqual({
      'backgroundCheck.certificateNumber': 'A certificate number has 12 digits.',
    })
    expect(await problemsOf('tutor', (body) => {
        setAt(body, 'personal.phone', 'call me')
        setAt(body, 'personal.postcode', 'LS6-2AB')
      })).toEqual({
      'personal.phone': 'Use only digits, spaces and + ( ) - . in a phone number.',
      'personal.postcode': 'Use only letters, digits and spaces in a postcode, like LS1 4AP.',
    })
    expect(await problemsOf('tutor', (body) => setAt(body, 'backgroundCheck.consentToCheck', false))).toEqual({
      'backgroundCheck.consentToCheck': 'Tick this box to continue.',
    })
    const online = valid('tutor', { delivery: { modes: ['online'] } })
    expect((await send('tutor', online)).status).toBe(201)
  })
})

describe('throttling', () => {
  it('allows ten submissions an hour per IP across the forms, then answers 429 with Retry-After', async () => {
    const ip = '198.19.250.1'
    for (let index = 0; index < 10; index++) {
      const type = FORM_TYPES[index % FORM_TYPES.length] ?? 'subject'
      expect((await send(type, { ip, body: valid(type).body })).status).toBe(201)
    }
    const before = await storedCount()
    const refused = await send('school', { ip, body: valid('school').body })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(refused.body).toEqual({ message: 'Too many attempts. Try again in 60 minutes.' })
    expect(await storedCount()).toBe(before)
  })

  it('allows five submissions an hour per email, whatever the IP', async () => {
    const email = 'busy.parent@example.org'
    for (let index = 0; index < 5; index++) {
      const { body, ip } = valid('subject')
      ;(body.contact as Record<string, unknown>).email = email
      expect((await send('subject', { ip, body })).status).toBe(201)
    }
    const { body, ip } = valid('course')
    ;(body.contact as Record<string, unknown>).email = 'Busy.Parent@example.org'
    const refused = await send('course', { ip, body })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})

describe('the stored answers', () => {
  it('are trimmed, with blank optional text left out and emails lowercased', async () => {
    const { ip, body } = valid('school', { notes: '   ' })
    const mainContact = body.mainContact as Record<string, string>
    body.mainContact = { ...mainContact, name: '  Helen Carter ', email: mainContact.email?.toUpperCase() }
    const answer = await send('school', { ip, body })
    expect(answer.status).toBe(201)
    const [row] = await t.database.db.select().from(registrations).where(eq(registrations.reference, answer.body.reference))
    expect(row?.answers).not.toHaveProperty('notes')
    expect(row?.answers.mainContact).toMatchObject({ name: 'Helen Carter', email: mainContact.email })
    expect(row?.email).toBe(mainContact.email)
    expect(row?.name).toBe((body.school as Record<string, string>).name)
  })

  it('keep the example bodies valid for every form (a guard for the other tests)', () => {
    expect(subjectEnrolment(1).privacyConsent).toBe(true)
    expect(courseEnrolment(1).courseId).toBe('gcse-maths-revision')
    expect(schoolEnrolment(1).startYear).toBeGreaterThan(2024)
    expect(tutorApplication(1).referees).toHaveLength(2)
  })
})
