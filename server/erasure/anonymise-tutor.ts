import { and, count, eq, gt, sql } from 'drizzle-orm'
import { sameName } from '../../shared/confirm-name.ts'
import type { Db } from '../db/client.ts'
import {
  auditEvents,
  blogPosts,
  contactMessages,
  lessons,
  passwordResetTokens,
  placements,
  recoveryCodes,
  registrations,
  safeguardingChecks,
  secondFactors,
  sessions,
  signInChallenges,
  trustedDevices,
  calendarFeeds,
  tutorProfiles,
  users,
} from '../db/schema.ts'
import { recordAudit } from '../lib/audit.ts'
import { ANONYMISED_BECAUSE, anonymiseOwnRegistrations, momentOf, type AnonymiseContext, type AnonymiseOutcome } from './anonymise.ts'
import { anonymiseMessages } from './anonymise-contact.ts'
import { ERASURE_MESSAGES } from './messages.ts'
import { dropWorkingRows, PLACEHOLDER_DOMAIN, PLACEHOLDER_PHONE, purgeMail, redactHistory, searchable, stableCode, type Replacement } from './scrub.ts'

/** Not an argon2 hash at all, so no password can ever match it (verifyPassword reads it as a wrong password). */
export const UNUSABLE_PASSWORD_HASH = '!anonymised'

/** Who a blog post by an anonymised tutor is by. */
const BLOG_AUTHOR = 'The TEC team'

export const tutorLabel = (tutorId: string) => `Anonymised tutor ${stableCode(tutorId)}`

/** The personal values a tutor application holds: the applicant's and their referees'. */
function applicationValues(answers: Record<string, unknown>, label: string, email: string): Replacement[] {
  const found: Replacement[] = []
  const personal = answers.personal as { name?: string; email?: string; phone?: string; postcode?: string } | undefined
  if (personal?.name) found.push({ value: personal.name, by: label })
  if (personal?.email) found.push({ value: personal.email, by: email })
  if (personal?.phone) found.push({ value: personal.phone, by: PLACEHOLDER_PHONE })
  if (personal?.postcode) found.push({ value: personal.postcode, by: 'Removed' })
  const referees = Array.isArray(answers.referees) ? (answers.referees as { name?: string; email?: string; phone?: string }[]) : []
  for (const referee of referees) {
    if (referee.name) found.push({ value: referee.name, by: 'Anonymised person' })
    if (referee.email) found.push({ value: referee.email, by: email })
    if (referee.phone) found.push({ value: referee.phone, by: PLACEHOLDER_PHONE })
  }
  return found
}

/**
 * Anonymises a tutor's account and profile in one transaction: name and email replaced (the email by a unique one on
 * the reserved `.invalid` domain), the password hash by one nothing matches, every way of signing in deleted
 * (sessions, trusted browsers, second factor, recovery codes, links, half-done sign-ins), the account deactivated and
 * the tutor marked as left, the profile's personal fields and the checks' certificate numbers cleared, their
 * application's answers anonymised, the addresses their own actions were recorded from cleared, the history's old
 * values redacted and mail to or about them purged. Lessons, reports and figures keep their counts and their tutor.
 *
 * Refused while they have a current placement or a planned lesson still to come.
 */
export async function anonymiseTutor(db: Db, tutorId: string, context: AnonymiseContext): Promise<AnonymiseOutcome> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, tutorId), eq(users.role, 'TUTOR')))
      .for('update')
      .limit(1)
    if (!user) return { status: 'missing' as const }
    if (user.anonymisedAt !== null) return { status: 'already' as const }
    if (context.reason === 'request' && !sameName(context.confirmName, user.name)) return { status: 'mismatch' as const }

    const now = momentOf(context)
    const [placed] = await tx
      .select({ n: count() })
      .from(placements)
      .where(and(eq(placements.tutorId, tutorId), eq(placements.status, 'active')))
    const [planned] = await tx
      .select({ n: count() })
      .from(lessons)
      .where(and(eq(lessons.tutorId, tutorId), eq(lessons.status, 'planned'), gt(lessons.startsAt, now)))
    if ((placed?.n ?? 0) + (planned?.n ?? 0) > 0) return { status: 'refused' as const, message: ERASURE_MESSAGES.tutorTeaching(placed?.n ?? 0, planned?.n ?? 0) }

    const label = tutorLabel(tutorId)
    const placeholderEmail = `tutor-${tutorId}@${PLACEHOLDER_DOMAIN}`
    const [profile] = await tx.select().from(tutorProfiles).where(eq(tutorProfiles.userId, tutorId)).for('update').limit(1)
    const checks = await tx.select().from(safeguardingChecks).where(eq(safeguardingChecks.tutorId, tutorId))
    const applications = await tx.select().from(registrations).where(eq(registrations.userId, tutorId)).for('update')
    const messages = await tx.select({ id: contactMessages.id }).from(contactMessages).where(sql`lower(${contactMessages.email}) = lower(${user.email})`).for('update')

    const replacements: Replacement[] = [
      { value: user.name, by: label },
      { value: user.email, by: placeholderEmail },
      ...checks.map((check) => ({ value: check.reference, by: 'Removed' })),
    ]
    if (profile?.phone) replacements.push({ value: profile.phone, by: PLACEHOLDER_PHONE })
    if (profile?.postcode) replacements.push({ value: profile.postcode, by: 'Removed' })
    for (const row of applications) replacements.push(...applicationValues(row.answers, label, placeholderEmail))
    const searched = searchable(replacements)
    const addresses = [user.email, ...applications.map((row) => row.email)]

    await tx.delete(sessions).where(eq(sessions.userId, tutorId))
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, tutorId))
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, tutorId))
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, tutorId))
    await tx.delete(secondFactors).where(eq(secondFactors.userId, tutorId))
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, tutorId))
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, tutorId))
    await tx
      .update(users)
      .set({
        name: label,
        email: placeholderEmail,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        invitedAt: null,
        secondFactorAt: null,
        safeguardingLead: false,
        deactivatedAt: user.deactivatedAt ?? now,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, tutorId))
    if (profile) {
      await tx
        .update(tutorProfiles)
        .set({
          status: 'left',
          phone: null,
          postcode: null,
          travelArea: null,
          maxTravelMiles: null,
          qualifications: null,
          experience: null,
          notes: null,
          version: profile.version + 1,
          updatedAt: now,
        })
        .where(eq(tutorProfiles.userId, tutorId))
    }
    if (checks.length > 0) await tx.update(safeguardingChecks).set({ reference: 'Removed' }).where(eq(safeguardingChecks.tutorId, tutorId))

    const applicationIds = await anonymiseOwnRegistrations(tx, applications, { person: label, email: placeholderEmail }, now)

    await anonymiseMessages(tx, messages, { name: label, email: placeholderEmail })
    // A post they wrote keeps its words (the site's, published) under the organisation's name instead of theirs.
    await tx.update(blogPosts).set({ authorName: BLOG_AUTHOR }).where(eq(blogPosts.authorName, user.name))

    // Where their own sign-ins and changes came from is theirs too; what they did stays in the trail.
    await tx.update(auditEvents).set({ ip: null }).where(eq(auditEvents.actorUserId, tutorId))
    const history = await redactHistory(tx, {
      refs: [`tutor:${tutorId}`, `user:${tutorId}`, ...applicationIds.map((id) => `registration:${id}`), ...messages.map((row) => `contact_message:${row.id}`)],
      replacements: searched,
    })
    const mail = await purgeMail(tx, addresses, placeholderEmail, searched, now)
    await dropWorkingRows(tx, addresses, [tutorId])

    const counts = { checks: checks.length, registrations: applicationIds.length, messages: messages.length, historyEntries: history, mail }
    await recordAudit(tx, {
      action: 'tutor.anonymised',
      actorUserId: context.reason === 'request' ? context.actorId : null,
      subject: { type: 'tutor', id: tutorId },
      ip: context.reason === 'request' ? context.ip : null,
      details: { reason: context.reason, detail: ANONYMISED_BECAUSE[context.reason], ...counts },
    })
    return { status: 'anonymised' as const, counts }
  })
}
