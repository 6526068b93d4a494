import { addressKey, hit, RATE_LIMITS } from '../auth/rate-limit.ts'
import type { Handler } from '../contract/types.ts'
import { recordAudit } from '../lib/audit.ts'
import { tooManyAttempts } from '../lib/replies.ts'
import { endFeed, feedOf, feedOwner, feedStateOf, makeFeed } from './feed.ts'

export const CALENDAR_MESSAGES = {
  unknownFeed: 'There is no calendar feed at this address: it was stopped or replaced. Make a new one in your settings.',
} as const

export const getMyCalendarFeed: Handler<'getMyCalendarFeed'> = async ({ session }, deps) => {
  return { status: 200, body: await feedStateOf(deps.database.db, session().user.id) }
}

export const createMyCalendarFeed: Handler<'createMyCalendarFeed'> = async ({ session, request }, deps) => {
  const userId = session().user.id
  const made = await deps.database.db.transaction(async (tx) => {
    const address = await makeFeed(tx, deps.config.publicUrl, userId)
    await recordAudit(tx, { action: 'calendar_feed.created', actorUserId: userId, subject: { type: 'user', id: userId }, ip: request.ip })
    return address
  })
  return { status: 201, body: made }
}

export const endMyCalendarFeed: Handler<'endMyCalendarFeed'> = async ({ session, request }, deps) => {
  const userId = session().user.id
  await deps.database.db.transaction(async (tx) => {
    if (await endFeed(tx, userId)) await recordAudit(tx, { action: 'calendar_feed.ended', actorUserId: userId, subject: { type: 'user', id: userId }, ip: request.ip })
  })
  return { status: 204, body: undefined }
}

/**
 * The feed a phone's calendar reads. Limited per feed, not per address: a calendar service reads every subscriber's
 * feeds from a few shared addresses. Addresses that ask for feeds that do not exist are limited, as guessing is.
 */
export const readCalendarFeed: Handler<'readCalendarFeed'> = async ({ params, request }, deps) => {
  const { db } = deps.database
  const tutorId = await feedOwner(db, params.feedToken)
  if (tutorId === undefined) {
    const misses = await hit(db, addressKey('calendar-feed-miss', request.ip), RATE_LIMITS.calendarFeedMissesPerIp)
    if (!misses.allowed) return tooManyAttempts(misses.retryAfterSeconds)
    return { status: 404, body: { message: CALENDAR_MESSAGES.unknownFeed } }
  }
  const reads = await hit(db, `calendar-feed:${tutorId}`, RATE_LIMITS.calendarFeedPerFeed)
  if (!reads.allowed) return tooManyAttempts(reads.retryAfterSeconds)
  const feed = await feedOf(db, tutorId, deps.config.publicUrl)
  return {
    status: 200,
    bytes: new TextEncoder().encode(feed),
    contentType: 'text/calendar',
    headers: { 'Content-Disposition': 'inline; filename="tec-lessons.ics"' },
  }
}
