import type { Db } from '../db/client.ts'
import { auditEvents } from '../db/schema.ts'

export type AuditAction =
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.login_throttled'
  | 'auth.logout'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.password_changed'
  | 'auth.second_factor_asked'
  | 'auth.second_factor_failed'
  | 'auth.second_factor_locked'
  | 'auth.device_untrusted'
  | 'auth.second_factor_on'
  | 'auth.second_factor_off'
  | 'auth.recovery_codes_replaced'
  | 'auth.session_ended'
  | 'auth.other_sessions_ended'
  | 'user.created'
  | 'user.updated'
  | 'user.role_changed'
  | 'user.deactivated'
  | 'user.reactivated'
  | 'user.second_factor_reset'
  | 'user.safeguarding_lead_changed'
  | 'student.created'
  | 'student.updated'
  | 'school.created'
  | 'school.updated'
  | 'school.deleted'
  | 'tutor.created'
  | 'tutor.invited'
  | 'tutor.updated'
  | 'tutor.status_changed'
  | 'tutor.check_recorded'
  | 'placement.started'
  | 'placement.ended'
  | 'placement.moved'
  | 'lesson.planned'
  | 'lesson.moved'
  | 'lesson.cancelled'
  | 'lesson.missed'
  | 'lesson.report_submitted'
  | 'lesson.report_edited'
  | 'lesson.report_returned'
  | 'lesson.report_resubmitted'
  | 'lesson.report_approved'
  | 'lesson.report_held_back'
  | 'family.links_ended'
  | 'family.link_requested'
  | 'calendar_feed.created'
  | 'calendar_feed.ended'
  | 'lesson.report_shared'
  | 'concern.raised'
  | 'concern.status_changed'
  | 'contact_message.status_changed'
  | 'registration.status_changed'
  | 'registration.note_added'
  | 'registration.accepted'
  | 'media.uploaded'
  | 'media.updated'
  | 'media.replaced'
  | 'media.deleted'
  | 'course.created'
  | 'course.updated'
  | 'course.status_changed'
  | 'course.deleted'
  | 'course.featured_order_changed'
  | 'post.created'
  | 'post.updated'
  | 'post.status_changed'
  | 'post.published'
  | 'post.deleted'
  | 'site_settings.updated'
  | 'site_page.updated'
  | 'retention.settings_updated'
  | 'term_calendar.updated'
  | 'gallery.item_added'
  | 'gallery.item_updated'
  | 'gallery.item_removed'
  | 'gallery.order_changed'
  | 'mail.resent'
  | 'mail.read'
  | 'personal_data.exported'
  | 'student.anonymised'
  | 'tutor.anonymised'
  | 'contact.anonymised'
  | 'school.contact_anonymised'
  | 'registration.erased'
  | 'contact_message.erased'

export interface AuditEvent {
  action: AuditAction
  actorUserId: string | null
  subject?: { type: string; id: string }
  /** Other records whose history shows the event, as `type:id` (a placement's learner and tutor). */
  related?: string[]
  ip: string | null
  /** Context for readers of the trail; callers never put a password, token or link here. */
  details?: Record<string, unknown>
}

/** Writes one audit row, inside the caller's transaction when given one, so the trail matches what happened. */
export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    action: event.action,
    actorUserId: event.actorUserId,
    subjectType: event.subject?.type ?? null,
    subjectId: event.subject?.id ?? null,
    ip: event.ip,
    details: event.details ?? null,
    related: event.related ?? null,
  })
}
