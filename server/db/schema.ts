import { sql } from 'drizzle-orm'
import { ENUMS } from '../../shared/contract.gen.ts'
import { boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/** Every moment is stored with its time zone, so PostgreSQL servers in any zone agree. */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Raw bytes. node-postgres answers a Buffer and PGlite a Uint8Array; both are Uint8Arrays to the app. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
})

/** Enum values come from the contract (shared/contract.gen.ts); the types are the contract's too. */
export type Role = (typeof ENUMS.Role)[number]

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored trimmed and lowercased, so the unique index is case-insensitive in effect. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: ENUMS.Role }).notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
    /** Set when the office invites the account; cleared when its owner chooses a password through the link. */
    invitedAt: timestamptz('invited_at'),
    /** Set when the office deactivates the account: it cannot sign in until let in again. */
    deactivatedAt: timestamptz('deactivated_at'),
    /** When the owner turned the second sign-in step on (a confirmed row in second_factors); null while it is off. */
    secondFactorAt: timestamptz('second_factor_at'),
    /**
     * A designated safeguarding lead (or deputy): only they read safeguarding concerns, their handling and who opened
     * a record (Keeping Children Safe in Education's need-to-know). Admins only; at least one active admin keeps it.
     */
    safeguardingLead: boolean('safeguarding_lead').notNull().default(false),
    /** When the account's personal details were replaced on request or under retention; it can never sign in again. */
    anonymisedAt: timestamptz('anonymised_at'),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('ADMIN', 'TUTOR')`),
    check('users_safeguarding_lead_check', sql`not ${t.safeguardingLead} or ${t.role} = 'ADMIN'`),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 hex of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** The absolute end; the idle limit may end the session sooner. */
    expiresAt: timestamptz('expires_at').notNull(),
    idleTimeoutSeconds: integer('idle_timeout_seconds').notNull(),
    revokedAt: timestamptz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

/**
 * Browsers in which a user signed in (OWASP's device cookie): their sign-ins are throttled per device, apart from
 * everyone else's failures, so nobody can lock the owner out by failing on purpose.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 hex of the cookie's token; the token itself is never stored. Replaced at every sign-in. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSignInAt: timestamptz('last_sign_in_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Wrong second-step codes from this browser in a row (a right one clears it): at the limit it is trusted no more. */
    wrongCodes: integer('wrong_codes').notNull().default(0),
  },
  (t) => [index('trusted_devices_user_id_idx').on(t.userId), index('trusted_devices_expires_at_idx').on(t.expiresAt)],
)

/**
 * The authenticator-app secret of an account (RFC 6238): encrypted with the key from the settings (AES-256-GCM,
 * server/auth/secret-box.ts), bound to the account. A row whose account has no second_factor_at is a set-up not yet
 * confirmed; `last_step` is the time step of the last code accepted, so no code is accepted twice.
 */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastStep: integer('last_step'),
  /**
   * Wrong sign-in codes from browsers the account had not signed in from, since the password was last set: neither
   * time nor the owner's own sign-ins reset it, a new password does (NIST SP 800-63B's limit on guessing).
   */
  strangerWrongCodes: integer('stranger_wrong_codes').notNull().default(0),
})

/** Single-use codes for when the authenticator app is lost: only their SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
)

/**
 * A sign-in half done: the password was right and the account wants its second step. The bearer of the token (a
 * hash here, as for sessions) may finish it once, before it expires, with fewer than five wrong codes.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull(),
    /** The trusted device the password was typed on (its counter), if any. */
    deviceId: uuid('device_id').references(() => trustedDevices.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    failedCodes: integer('failed_codes').notNull().default(0),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('sign_in_challenges_expires_at_idx').on(t.expiresAt)],
)

export type TutorStatus = (typeof ENUMS.TutorStatus)[number]

/**
 * What the office knows of a tutor beyond the account: status, what and how they teach, where and when, and their
 * background. One per TUTOR account; made when an application is accepted or a tutor is invited.
 */
export const tutorProfiles = pgTable(
  'tutor_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ENUMS.TutorStatus }).notNull().default('invited'),
    phone: text('phone'),
    postcode: text('postcode'),
    subjects: text('subjects').array().notNull().default(sql`'{}'::text[]`),
    levels: text('levels').array().notNull().default(sql`'{}'::text[]`),
    modes: text('modes').array().notNull().default(sql`'{}'::text[]`),
    travelArea: text('travel_area'),
    maxTravelMiles: integer('max_travel_miles'),
    availabilityDays: text('availability_days').array().notNull().default(sql`'{}'::text[]`),
    availabilityTimes: text('availability_times').array().notNull().default(sql`'{}'::text[]`),
    hoursPerWeek: integer('hours_per_week'),
    highestQualification: text('highest_qualification'),
    qualifiedTeacher: boolean('qualified_teacher'),
    qualifications: text('qualifications'),
    experienceYears: integer('experience_years'),
    experience: text('experience'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('tutor_profiles_status_check', sql`${t.status} in ('invited', 'active', 'paused', 'left')`), index('tutor_profiles_status_idx').on(t.status)],
)

/** The safeguarding checks (DBS certificates) the office has seen for a tutor; the newest decides whether they can be placed. */
export const safeguardingChecks = pgTable(
  'safeguarding_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ENUMS.SafeguardingCheckType }).notNull(),
    reference: text('reference').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    onUpdateService: boolean('on_update_service').notNull().default(false),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('safeguarding_checks_tutor_idx').on(t.tutorId, t.issuedOn.desc())],
)

export const TOKEN_PURPOSES = ['reset', 'invite'] as const

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull().default('reset'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [
    // One live (unused) link per user, of any kind: a new link must replace the old one, not add one.
    uniqueIndex('password_reset_tokens_live_user_idx').on(t.userId).where(sql`${t.usedAt} is null`),
    check('password_reset_tokens_purpose_check', sql`${t.purpose} in ('reset', 'invite')`),
  ],
)

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_window_start_idx').on(t.windowStart)],
)

export const MAIL_STATUSES = ENUMS.MailStatus
export type MailStatus = (typeof MAIL_STATUSES)[number]
export type MailKind = (typeof ENUMS.MailKind)[number]

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: MAIL_STATUSES }).notNull(),
    kind: text('kind', { enum: ENUMS.MailKind }).notNull().default('other'),
    /**
     * The mail carries a link that signs someone in or sets a password (a reset, an invitation): its body is never
     * shown to anyone, the Mail screen included, and it is purged as soon as it was sent.
     */
    carriesSecretLink: boolean('carries_secret_link').notNull().default(false),
    /** The lesson a report mail was about: the admin's report page says to whom its family part went, and how. */
    lessonId: uuid('lesson_id'),
    /** When the body (text and html) was emptied under the retention of sent mail; to, subject and kind stay. */
    bodyPurgedAt: timestamptz('body_purged_at'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next send may be tried; backs off after a failure. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** The SMTP error's text only: never credentials or the message body. */
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /**
     * When the current day of tries began: when the mail was queued, or when the office last resent it. The mailer
     * gives up a day after this; `created_at` keeps when the mail was first written.
     */
    queuedAt: timestamptz('queued_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_at_idx').on(t.createdAt),
    index('mail_outbox_sent_at_idx').on(t.sentAt),
    index('mail_outbox_lesson_idx').on(t.lessonId),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'stored', 'failed')`),
  ],
)

export const JOB_STATES = ['pending', 'running', 'failed'] as const
export type JobState = (typeof JOB_STATES)[number]

/**
 * Work that must happen later or on a schedule (server/jobs): a row with its run-at time, claimed by one process
 * with `FOR UPDATE SKIP LOCKED` and a lease, so it runs once across processes and survives a crash (a lease that
 * runs out is claimed again). A one-off job is deleted once done; a schedule keeps one row under its `key`, whose
 * `run_at` moves on after each run. `payload` holds ids, or what a visitor typed for the moments until the job
 * runs (the address a reset link is asked for), never more: a job given up is deleted a month later.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** A schedule's name (one row each), or a one-off job's dedupe key; null for a plain one-off job. */
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('pending'),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    /** While running: when the claiming process is taken to have gone, so another may claim it. */
    leaseUntil: timestamptz('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When it last finished a run (schedules), for the job-lag figure and the operator. */
    lastRunAt: timestamptz('last_run_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.runAt),
    uniqueIndex('jobs_key_unique').on(t.key),
    check('jobs_state_check', sql`${t.state} in ('pending', 'running', 'failed')`),
  ],
)

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    ip: text('ip'),
    /** Context for people reading the trail; never a password, token or link. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** Other records the event belongs to, as `type:id` (a placement's learner and tutor), so their histories show it. */
    related: text('related').array(),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_idx').on(t.actorUserId),
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId),
    index('audit_events_related_idx').using('gin', t.related),
  ],
)

export type UserRow = typeof users.$inferSelect
export type SessionRow = typeof sessions.$inferSelect

export const MEDIA_CONTENT_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp'] as const
export type MediaContentType = (typeof MEDIA_CONTENT_TYPES)[number]

/**
 * The media library: every image the site serves. The id is 64 hex digits (the SHA-256 of the first file for
 * images the seed stores, random for uploads) and stays when staff replace the file; `version` rises instead, and
 * image addresses carry it, so an address always means the same bytes.
 */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    contentType: text('content_type', { enum: MEDIA_CONTENT_TYPES }).notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    version: integer('version').notNull().default(1),
    /** The uploaded file's name, for staff to recognise it. */
    fileName: text('file_name').notNull().default(''),
    /** Both required (non-empty) before a page may use the image. */
    alt: text('alt').notNull().default(''),
    caption: text('caption').notNull().default(''),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('media_id_check', sql`${t.id} ~ '^[a-f0-9]{64}$'`),
    check('media_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
    check('media_content_type_check', sql`${t.contentType} in ('image/svg+xml', 'image/png', 'image/jpeg', 'image/webp')`),
  ],
)

export const MEDIA_VARIANT_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const
export type MediaVariantFormat = (typeof MEDIA_VARIANT_FORMATS)[number]

export const MEDIA_VARIANT_STATES = ['pending', 'making', 'made'] as const

/**
 * A photo at one of the widths pages use, in one format. The sizes pages show are stored as `pending` with the
 * upload (or the new file) and made by a worker (server/media/sizes.ts); any other is made the first time a browser
 * asks. Whoever makes one claims its row first (`making`, until `lease_until`), so each size is made once across
 * processes and others wait for it. Replacing the file raises the version and removes the old version's sizes;
 * editing the words moves them to the new version, since the bytes are the same.
 */
export const mediaVariants = pgTable(
  'media_variants',
  {
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    width: integer('width').notNull(),
    format: text('format', { enum: MEDIA_VARIANT_FORMATS }).notNull(),
    state: text('state', { enum: MEDIA_VARIANT_STATES }).notNull().default('pending'),
    /** Only once made. */
    bytes: bytea('bytes'),
    /** While `making`: when the process making it is taken to have gone, so that another may claim it. */
    leaseUntil: timestamptz('lease_until'),
    /** While `making`: names the claim, so only the process that holds it stores what it made. */
    claim: uuid('claim'),
    /** How many times it was claimed; the worker gives up on a size that failed this often (MAKE_ATTEMPTS). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaId, t.version, t.width, t.format] }),
    check('media_variants_format_check', sql`${t.format} in ('avif', 'webp', 'jpeg', 'png')`),
    check('media_variants_state_check', sql`${t.state} in ('pending', 'making', 'made')`),
    check('media_variants_bytes_check', sql`(${t.state} = 'made') = (${t.bytes} is not null)`),
    // The worker's next size to make, oldest first.
    index('media_variants_unmade_idx').on(t.createdAt).where(sql`${t.state} <> 'made'`),
  ],
)

export const BLOG_POST_STATUSES = ENUMS.PostStatus

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** Empty while a draft: a post needs it to be published (server/blog-posts/records.ts). */
    excerpt: text('excerpt').notNull(),
    /** Sanitised when saved (server/media/rich-text.ts); never written any other way. */
    bodyHtml: text('body_html').notNull(),
    /** None while a draft; its alt text and caption are the library's. */
    coverMediaId: text('cover_media_id').references(() => media.id),
    authorName: text('author_name').notNull(),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    status: text('status', { enum: BLOG_POST_STATUSES }).notNull().default('draft'),
    /** When it was published, or, scheduled, when it is due: visitors see it from that moment. */
    publishedAt: timestamptz('published_at'),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('blog_posts_status_check', sql`${t.status} in ('draft', 'scheduled', 'published')`),
    check('blog_posts_published_at_check', sql`${t.status} = 'draft' or (${t.publishedAt} is not null and ${t.coverMediaId} is not null)`),
    // The public listing (published, and scheduled once due), newest first; and the publisher's due posts.
    index('blog_posts_live_idx').on(t.publishedAt.desc()).where(sql`${t.status} <> 'draft'`),
  ],
)

export type DeliveryMode = (typeof ENUMS.DeliveryMode)[number]
export const COURSE_STATUSES = ENUMS.CourseStatus

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    level: text('level').notNull(),
    subjects: text('subjects').array().notNull(),
    modes: text('modes').array().notNull().$type<DeliveryMode[]>(),
    duration: text('duration').notNull(),
    /** Sanitised when saved (server/media/rich-text.ts); never written any other way. */
    descriptionHtml: text('description_html').notNull(),
    schedule: text('schedule').notNull(),
    cost: text('cost').notNull(),
    capacity: integer('capacity'),
    imageMediaId: text('image_media_id')
      .notNull()
      .references(() => media.id),
    featured: boolean('featured').notNull().default(false),
    status: text('status', { enum: COURSE_STATUSES }).notNull().default('draft'),
    /** The featured order (lower first); the rest follow by title. */
    sortOrder: integer('sort_order').notNull().default(0),
    version: integer('version').notNull().default(1),
    publishedAt: timestamptz('published_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('courses_modes_check', sql`cardinality(${t.modes}) > 0 and ${t.modes} <@ array['home', 'school', 'online', 'community']::text[]`),
    check('courses_status_check', sql`${t.status} in ('draft', 'published', 'archived')`),
    check('courses_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
    index('courses_status_idx').on(t.status, t.featured, t.sortOrder),
  ],
)

export const galleryItems = pgTable(
  'gallery_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id),
    caption: text('caption').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('gallery_items_listing_idx').on(t.published, t.sortOrder), uniqueIndex('gallery_items_media_idx').on(t.mediaId)],
)

export interface SiteFigure {
  label: string
  value: string
}

/** One row at most (id 1); while there is none the API answers the built-in defaults. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    organisationName: text('organisation_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    addressLines: text('address_lines').array().notNull(),
    openingHours: text('opening_hours').notNull(),
    figures: jsonb('figures').notNull().$type<SiteFigure[]>(),
    socialLinks: jsonb('social_links').notNull().default([]).$type<SocialLink[]>(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('site_settings_single_row_check', sql`${t.id} = 1`)],
)

export type SocialLink = { network: (typeof ENUMS.SocialNetwork)[number]; url: string }

/**
 * The site's own pages (privacy notice, safeguarding policy, terms of use) as the office wrote them; a page with no
 * row yet shows its default text (server/site-settings/pages.ts).
 */
export const sitePages = pgTable(
  'site_pages',
  {
    slug: text('slug', { enum: ENUMS.PageSlug }).primaryKey(),
    title: text('title').notNull(),
    /** Sanitised when saved (server/media/rich-text.ts); never written any other way. */
    bodyHtml: text('body_html').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('site_pages_slug_check', sql`${t.slug} in ('privacy-notice', 'safeguarding-policy', 'terms-of-use')`)],
)


export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the visitor is told, e.g. MSG-7K3Q9. */
    reference: text('reference').notNull().unique(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** SHA-256 of the normalised email, subject and message: the same message sent again is recognised. */
    fingerprint: text('fingerprint').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    status: text('status', { enum: ENUMS.ContactMessageStatus }).notNull().default('new'),
    /** Raised by every status change; a change must name the version it was made from (If-Match). */
    version: integer('version').notNull().default(1),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    statusChangedAt: timestamptz('status_changed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('contact_messages_status_check', sql`${t.status} in ('new', 'read', 'handled')`),
    index('contact_messages_fingerprint_idx').on(t.fingerprint, t.createdAt),
    index('contact_messages_created_at_idx').on(t.createdAt),
  ],
)

export type MediaRow = typeof media.$inferSelect
export type BlogPostRow = typeof blogPosts.$inferSelect
export type CourseRow = typeof courses.$inferSelect

export type RegistrationType = (typeof ENUMS.RegistrationType)[number]
export type RegistrationStatus = (typeof ENUMS.RegistrationStatus)[number]

/** A learner, made when staff accept a subject or course enrolment (later issues add students by hand). */
export type StudentStatus = (typeof ENUMS.StudentStatus)[number]

/** A learner: made when staff accept a subject or course enrolment, or added by hand. */
export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: text('status', { enum: ENUMS.StudentStatus }).notNull().default('waiting'),
    age: integer('age'),
    yearGroup: text('year_group'),
    /** A partner school; `school` names a school that is not one. */
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'restrict' }),
    school: text('school'),
    contactName: text('contact_name').notNull(),
    contactRelationship: text('contact_relationship'),
    /** Normalised (trimmed, lowercased). */
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    preferredContact: text('preferred_contact'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    town: text('town'),
    postcode: text('postcode'),
    subjects: text('subjects').array().notNull(),
    level: text('level'),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    deliveryMode: text('delivery_mode').notNull().$type<DeliveryMode>(),
    availabilityDays: text('availability_days').array().notNull().default(sql`'{}'::text[]`),
    availabilityTimes: text('availability_times').array().notNull().default(sql`'{}'::text[]`),
    goals: text('goals'),
    needs: text('needs'),
    notesForTutors: text('notes_for_tutors'),
    /** When the learner last became finished (left us): retention counts its years from here. Null while not finished. */
    finishedAt: timestamptz('finished_at'),
    /** When the personal details were replaced on request or under retention; lessons and figures keep their counts. */
    anonymisedAt: timestamptz('anonymised_at'),
    /** Raised by every change; an edit must name the version it was made from (If-Match), or it is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('students_delivery_mode_check', sql`${t.deliveryMode} in ('home', 'school', 'online', 'community')`),
    check('students_status_check', sql`${t.status} in ('waiting', 'active', 'paused', 'finished')`),
    index('students_created_at_idx').on(t.createdAt.desc()),
    index('students_school_id_idx').on(t.schoolId),
  ],
)

/**
 * A learner placed with a tutor for a subject (or a course). Ending keeps the row (status ended, or moved when
 * another placement took over); a learner has at most one current placement per subject.
 */
export const placements = pgTable(
  'placements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    subject: text('subject').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'set null' }),
    mode: text('mode').notNull().$type<DeliveryMode>(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** The first lesson's time in Europe/London, "HH:MM", when the office agreed one. */
    startTime: text('start_time'),
    frequency: text('frequency', { enum: ENUMS.LessonFrequency }).notNull(),
    lessonCount: integer('lesson_count'),
    lessonMinutes: integer('lesson_minutes'),
    notes: text('notes'),
    status: text('status', { enum: ENUMS.PlacementStatus }).notNull().default('active'),
    endedOn: date('ended_on', { mode: 'string' }),
    endReason: text('end_reason'),
    /** The placement this one took over from, when it was moved from another tutor. */
    movedFromId: uuid('moved_from_id'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('placements_status_check', sql`${t.status} in ('active', 'ended', 'moved')`),
    check('placements_mode_check', sql`${t.mode} in ('home', 'school', 'online', 'community')`),
    check('placements_start_time_check', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    index('placements_student_idx').on(t.studentId),
    index('placements_tutor_idx').on(t.tutorId, t.status),
    uniqueIndex('placements_one_current_per_subject').on(t.studentId, sql`lower(${t.subject})`).where(sql`${t.status} = 'active'`),
  ],
)

/** Someone at a school the office deals with; the first of a school's contacts is its main contact. */
export interface SchoolContactValue {
  name: string
  role: string
  email: string
  phone: string
  /** Mailed the family part of each approved report on the school's learners taught at school. */
  receivesReports?: boolean
}

/** A partner school, made when staff accept a school enrolment. */
export const schools = pgTable(
  'schools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    town: text('town').notNull(),
    postcode: text('postcode').notNull(),
    /** At least one; the first is the main contact. */
    contacts: jsonb('contacts').$type<SchoolContactValue[]>().notNull(),
    safeguardingLeadName: text('safeguarding_lead_name').notNull(),
    safeguardingLeadEmail: text('safeguarding_lead_email').notNull(),
    safeguardingLeadPhone: text('safeguarding_lead_phone'),
    pupilCount: integer('pupil_count'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('schools_created_at_idx').on(t.createdAt.desc())],
)

/**
 * Everything sent through the four public forms (subject, course and school enrolments, tutor applications),
 * the admin inbox's rows. `answers` is the validated, trimmed request without the honeypot; `name`, `email` and
 * `summary` are copied out of it for searching and listing.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the person is told, e.g. TEC-SUB-7K3Q9P. */
    reference: text('reference').notNull().unique(),
    type: text('type', { enum: ENUMS.RegistrationType }).notNull(),
    status: text('status', { enum: ENUMS.RegistrationStatus }).notNull().default('new'),
    answers: jsonb('answers').notNull().$type<Record<string, unknown>>(),
    name: text('name').notNull(),
    /** The address confirmations go to, normalised (trimmed, lowercased). */
    email: text('email').notNull(),
    summary: text('summary').notNull(),
    /** SHA-256 of the form type, email (and student): the same submission again is recognised. */
    duplicateKey: text('duplicate_key').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('registrations_type_check', sql`${t.type} in ('subject', 'course', 'school', 'tutor')`),
    check('registrations_status_check', sql`${t.status} in ('new', 'in_review', 'accepted', 'rejected', 'withdrawn')`),
    // The inbox: newest first, optionally by type and status; by name for the A–Z sort.
    index('registrations_created_at_idx').on(t.createdAt.desc()),
    index('registrations_status_idx').on(t.status, t.createdAt.desc()),
    index('registrations_type_status_idx').on(t.type, t.status, t.createdAt.desc()),
    index('registrations_name_idx').on(sql`lower(${t.name})`),
    index('registrations_email_idx').on(t.email),
    index('registrations_duplicate_idx').on(t.duplicateKey, t.createdAt),
  ],
)

export type RegistrationEventKind = (typeof ENUMS.RegistrationEventKind)[number]

/** A registration's history: its submission, every status change and acceptance, and staff notes. */
export const registrationEvents = pgTable(
  'registration_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ENUMS.RegistrationEventKind }).notNull(),
    /** Null for the visitor's own submission. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status', { enum: ENUMS.RegistrationStatus }),
    toStatus: text('to_status', { enum: ENUMS.RegistrationStatus }),
    note: text('note'),
    reason: text('reason'),
    notified: boolean('notified'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    check('registration_events_kind_check', sql`${t.kind} in ('submitted', 'status', 'accepted', 'note')`),
    index('registration_events_registration_idx').on(t.registrationId, t.at),
  ],
)

/** An SQL list of a contract enum's values, for CHECK constraints. */
const valuesOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/** The tutor's unfinished report: whatever they have typed so far (the contract's LessonReportDraft). */
export interface LessonReportDraftValue {
  attendance?: { studentId: string; attendance: (typeof ENUMS.Attendance)[number] }[]
  covered?: string
  progress?: string
  homework?: string
  staffNote?: string
  concernSeverity?: (typeof ENUMS.ConcernSeverity)[number]
  concernDetails?: string
}

/**
 * A lesson a tutor teaches: one learner's, or a group of one school's learners (its lesson_learners). The status
 * moves only as shared/lesson-lifecycle.ts allows; `starts_at` is the instant, shown in Europe/London.
 */
export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    subject: text('subject').notNull(),
    mode: text('mode').notNull().$type<DeliveryMode>(),
    startsAt: timestamptz('starts_at').notNull(),
    minutes: integer('minutes').notNull(),
    place: text('place'),
    status: text('status', { enum: ENUMS.LessonStatus }).notNull().default('planned'),
    /** The lessons planned together as one weekly series share it. */
    seriesId: uuid('series_id'),
    cancelledBy: text('cancelled_by', { enum: ENUMS.CancelledBy }),
    cancelledLate: boolean('cancelled_late'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamptz('cancelled_at'),
    missedNote: text('missed_note'),
    /** When the day-before reminder went (to the tutor and the contacts); cleared when the lesson moves. */
    remindedAt: timestamptz('reminded_at'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('lessons_status_check', sql`${t.status} in (${valuesOf(ENUMS.LessonStatus)})`),
    check('lessons_minutes_check', sql`${t.minutes} between 1 and 600`),
    index('lessons_tutor_starts_idx').on(t.tutorId, t.startsAt),
    index('lessons_status_starts_idx').on(t.status, t.startsAt),
  ],
)

/** Who a lesson is for, through which placement, and (once reported) whether they came. */
export const lessonLearners = pgTable(
  'lesson_learners',
  {
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    placementId: uuid('placement_id')
      .notNull()
      .references(() => placements.id, { onDelete: 'restrict' }),
    attendance: text('attendance', { enum: ENUMS.Attendance }),
  },
  (t) => [
    primaryKey({ columns: [t.lessonId, t.studentId] }),
    check('lesson_learners_attendance_check', sql`${t.attendance} in (${valuesOf(ENUMS.Attendance)})`),
    index('lesson_learners_student_idx').on(t.studentId),
    index('lesson_learners_placement_idx').on(t.placementId),
  ],
)

/**
 * A lesson's report as last sent (null fields until it is), the office's return or approval, and the tutor's draft.
 */
export const lessonReports = pgTable('lesson_reports', {
  lessonId: uuid('lesson_id')
    .primaryKey()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  covered: text('covered'),
  progress: text('progress'),
  homework: text('homework'),
  staffNote: text('staff_note'),
  firstSubmittedAt: timestamptz('first_submitted_at'),
  submittedAt: timestamptz('submitted_at'),
  returnComment: text('return_comment'),
  returnedAt: timestamptz('returned_at'),
  returnedBy: uuid('returned_by').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: timestamptz('approved_at'),
  approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
  /** When the office approved the report without sending the family part, who did, and why. */
  heldBackAt: timestamptz('held_back_at'),
  heldBackBy: uuid('held_back_by').references(() => users.id, { onDelete: 'set null' }),
  heldBackReason: text('held_back_reason'),
  /** When the family part went to the family and school (approval, or sending a held-back report): their page shows it from then. */
  sharedAt: timestamptz('shared_at'),
  draft: jsonb('draft').$type<LessonReportDraftValue>(),
  draftSavedAt: timestamptz('draft_saved_at'),
})

/** A safeguarding concern a tutor raised in a report: for admins only, never in the family's part. */
export const safeguardingConcerns = pgTable(
  'safeguarding_concerns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'restrict' }),
    /**
     * Kept with the concern for its statutory retention: the database refuses to delete a learner a concern names,
     * rather than forgetting whom it was about (anonymising keeps the row and this link).
     */
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'restrict' }),
    raisedBy: uuid('raised_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    severity: text('severity', { enum: ENUMS.ConcernSeverity }).notNull(),
    details: text('details').notNull(),
    status: text('status', { enum: ENUMS.ConcernStatus }).notNull().default('open'),
    statusNote: text('status_note'),
    /** Who handled it last, kept as the concern is: a staff account it names cannot be deleted under it. */
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'restrict' }),
    statusChangedAt: timestamptz('status_changed_at'),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('safeguarding_concerns_severity_check', sql`${t.severity} in (${valuesOf(ENUMS.ConcernSeverity)})`),
    check('safeguarding_concerns_status_check', sql`${t.status} in (${valuesOf(ENUMS.ConcernStatus)})`),
    index('safeguarding_concerns_status_idx').on(t.status, t.createdAt),
    index('safeguarding_concerns_lesson_idx').on(t.lessonId),
  ],
)

/**
 * The builds of the web app that machines have served, newest by when one last started (server/site-assets.ts).
 * The id names the build's hashed files, so every machine of one build agrees on it without being told.
 */
export const siteBuilds = pgTable('site_builds', {
  id: text('id').primaryKey(),
  /**
   * Moved on at every start of the build. The column keeps the name it was made with (first_started_at): a rename
   * would break machines of the older build still serving during a rolling deploy (expand, then contract).
   */
  lastStartedAt: timestamptz('first_started_at').notNull(),
})

/**
 * The hashed files of recent builds (dist/assets), so that during a rolling deploy any machine can send a page the
 * files of whichever build it came from: a page of the new build asking an old machine, and the other way round.
 * A file belongs to the newest build that has it, and goes with that build when it is pruned.
 */
export const siteAssets = pgTable(
  'site_assets',
  {
    /** The file's name under /assets/; its hash makes it stand for these bytes alone. */
    name: text('name').primaryKey(),
    contentType: text('content_type').notNull(),
    /** Base64: PGlite turns a bytea into bytes in JavaScript, slowly, on the thread that answers requests. */
    base64: text('base64').notNull(),
    buildId: text('build_id')
      .notNull()
      .references(() => siteBuilds.id, { onDelete: 'cascade' }),
  },
  (t) => [index('site_assets_build_idx').on(t.buildId)],
)

/**
 * Who opened a record (a learner, tutor, school, report or concern), an export or a CSV download, and when: shown to
 * safeguarding leads as "Who opened this record". Written in batches off the request's path (server/record-openings).
 */
export const recordOpenings = pgTable(
  'record_openings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamptz('at').notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What was opened: a record's type (student, tutor, school, lesson_report, concern) or a list's (students for its CSV). */
    subjectType: text('subject_type').notNull(),
    /** The record's id; null for a CSV download of a whole list. */
    subjectId: text('subject_id'),
    /** How: the record itself, an export of everything held about it, or a CSV download. */
    kind: text('kind', { enum: ENUMS.RecordOpeningKind }).notNull(),
  },
  (t) => [
    check('record_openings_kind_check', sql`${t.kind} in (${valuesOf(ENUMS.RecordOpeningKind)})`),
    index('record_openings_subject_idx').on(t.subjectType, t.subjectId, t.at.desc()),
    index('record_openings_at_idx').on(t.at),
    index('record_openings_user_idx').on(t.userId),
  ],
)

/**
 * How long each kind of record is kept (one row at most, id 1; while there is none the defaults apply, which are
 * what the privacy notice promised). Applied daily by the retention job; the privacy notice shows these periods.
 */
export const retentionSettings = pgTable(
  'retention_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** A learner's records are anonymised this many years after they finished (left us). */
    learnerYears: integer('learner_years').notNull().default(6),
    /** Applications (registrations) that led to no placement are erased this many months after they were sent. */
    applicationMonths: integer('application_months').notNull().default(12),
    /** Messages from the contact form are erased this many months after they were sent. */
    messageMonths: integer('message_months').notNull().default(24),
    /** Sent mail (to, subject and what is left of the body) is deleted this many days after it was sent. */
    sentMailDays: integer('sent_mail_days').notNull().default(365),
    /** Sign-in records (sessions, sign-in history) are deleted this many days after they ended or happened. */
    signInDays: integer('sign_in_days').notNull().default(90),
    /** The address and browser a public form was sent from are kept this many days, for abuse only. */
    senderDetailsDays: integer('sender_details_days').notNull().default(30),
    /** Who opened a record is kept this many months. */
    openingMonths: integer('opening_months').notNull().default(24),
    version: integer('version').notNull().default(1),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('retention_settings_single_row_check', sql`${t.id} = 1`)],
)

/** The office's terms and holidays (one row, as the contract's TermCalendar): weekly series skip the holidays. */
export const termCalendar = pgTable(
  'term_calendar',
  {
    id: integer('id').primaryKey().default(1),
    terms: jsonb('terms').notNull().$type<TermPeriodValue[]>(),
    holidays: jsonb('holidays').notNull().$type<TermPeriodValue[]>(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('term_calendar_single_row_check', sql`${t.id} = 1`)],
)
export interface TermPeriodValue {
  name: string
  startsOn: string
  endsOn: string
}

/** Each run of the retention job: when, and how many records of each kind it removed or anonymised. */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at').notNull().defaultNow(),
    /** Counts by kind (e.g. { learnersAnonymised: 2, messagesErased: 5 }); never names or ids. */
    removed: jsonb('removed').$type<Record<string, number>>().notNull(),
  },
  (t) => [index('retention_runs_started_at_idx').on(t.startedAt.desc())],
)

export type RegistrationRow = typeof registrations.$inferSelect
export type RegistrationEventRow = typeof registrationEvents.$inferSelect
export type StudentRow = typeof students.$inferSelect
export type TutorProfileRow = typeof tutorProfiles.$inferSelect
export type PlacementRow = typeof placements.$inferSelect
export type SafeguardingCheckRow = typeof safeguardingChecks.$inferSelect
export type SchoolRow = typeof schools.$inferSelect
export type LessonRow = typeof lessons.$inferSelect
export type LessonReportRow = typeof lessonReports.$inferSelect
export type SafeguardingConcernRow = typeof safeguardingConcerns.$inferSelect

/**
 * The links to the family page that report and reminder mails carry, one per mail: the token is stored hashed and
 * works until it expires or the office ends it. The page is for the address: the learners it is the contact of,
 * and the schools where it is a contact who receives reports.
 */
/**
 * A tutor's calendar feed: the secret address their phone's calendar reads (GET /calendar-feeds/{token}). One per
 * tutor; making a new one replaces the row, stopping it deletes the row, so an old address finds nothing.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** SHA-256 hex of the address's token; the token itself is shown once and never stored. */
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastReadAt: timestamptz('last_read_at'),
})

export const familyLinks = pgTable(
  'family_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Lowercased. */
    email: text('email').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('family_links_email_idx').on(t.email), index('family_links_expires_idx').on(t.expiresAt)],
)

/** The mails a family or school contact stopped from a link: none of these rows means they get them all. */
export const familyMailSettings = pgTable('family_mail_settings', {
  /** Lowercased. */
  email: text('email').primaryKey(),
  reportsStoppedAt: timestamptz('reports_stopped_at'),
  remindersStoppedAt: timestamptz('reminders_stopped_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
})
export type FamilyLinkRow = typeof familyLinks.$inferSelect
