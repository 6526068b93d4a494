import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/** Every moment is stored with its time zone, so PostgreSQL servers in any zone agree. */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const ROLES = ['ADMIN', 'TUTOR'] as const
export type Role = (typeof ROLES)[number]

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored trimmed and lowercased, so the unique index is case-insensitive in effect. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('ADMIN', 'TUTOR')`)],
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
    // One live (unused) link per user and purpose: a new request must replace the old link, not add one.
    uniqueIndex('password_reset_tokens_live_idx').on(t.userId, t.purpose).where(sql`${t.usedAt} is null`),
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

export const MAIL_STATUSES = ['pending', 'sent', 'stored', 'failed'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: MAIL_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next send may be tried; backs off after a failure. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** The SMTP error's text only: never credentials or the message body. */
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_at_idx').on(t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'stored', 'failed')`),
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
  },
  (t) => [index('audit_events_at_idx').on(t.at), index('audit_events_actor_idx').on(t.actorUserId)],
)

export type UserRow = typeof users.$inferSelect
export type SessionRow = typeof sessions.$inferSelect
