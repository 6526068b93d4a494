import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import ical, { ICalEventStatus } from 'ical-generator'
import { londonDay, shiftDay, startOfLondonDay } from '../../shared/lesson-time.ts'
import { labelOf } from '../../shared/labels.ts'
import { hashToken, newToken, TOKEN_PATTERN } from '../auth/tokens.ts'
import { maySignIn } from '../auth/sessions.ts'
import type { Db } from '../db/client.ts'
import { calendarFeeds, lessonLearners, lessons, schools, students, tutorProfiles, users } from '../db/schema.ts'

/** The feed holds lessons from this many days back (a calendar keeps what it was given before)… */
export const FEED_DAYS_BACK = 60
/** …to this many ahead (lessons are planned up to a year ahead). */
export const FEED_DAYS_AHEAD = 366
/** How often a calendar is asked to read the feed again (REFRESH-INTERVAL and X-PUBLISHED-TTL); most read less often. */
const REFRESH_SECONDS = 30 * 60

/** The feed's address over https, under the API, as the contract has it. */
const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/calendar-feeds/${token}`

/** The state of a tutor's feed, without its address (only its hash is kept). */
export async function feedStateOf(db: Db, userId: string): Promise<{ active: boolean; createdAt?: string; lastReadAt?: string }> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1)
  if (!row) return { active: false }
  return { active: true, createdAt: row.createdAt.toISOString(), ...(row.lastReadAt ? { lastReadAt: row.lastReadAt.toISOString() } : {}) }
}

/** A new address for the tutor's feed, replacing any earlier one in the same statement; answers it, shown once. */
export async function makeFeed(db: Db, publicUrl: string, userId: string, now = new Date()): Promise<{ url: string; webcalUrl: string; createdAt: string }> {
  const token = newToken()
  const tokenHash = hashToken(token)
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now, lastReadAt: null } })
  const url = feedUrl(publicUrl, token)
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: now.toISOString() }
}

/** Stops the tutor's feed; answers whether there was one. */
export async function endFeed(db: Db, userId: string): Promise<boolean> {
  const ended = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId })
  return ended.length > 0
}

/**
 * The tutor a feed's token belongs to while it works: made and not stopped or replaced, of an account that may still
 * sign in (not deactivated, not a tutor who left). Notes when it was read.
 */
export async function feedOwner(db: Db, token: string, now = new Date()): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined
  const [found] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(tutorProfiles, eq(tutorProfiles.userId, users.id))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(users.role, 'TUTOR'), maySignIn))
    .limit(1)
  if (!found) return undefined
  await db.update(calendarFeeds).set({ lastReadAt: now }).where(eq(calendarFeeds.userId, found.userId))
  return found.userId
}

/** A learner's first name: the first word of the name on record. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name

/** "Ada", "Ada and Ben", "Ada, Ben and Cai" */
function names(list: string[]): string {
  if (list.length <= 1) return list.join('')
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1) ?? ''}`
}

/**
 * The tutor's lessons as an iCalendar document (RFC 5545). Each names its subject and its learners' first names only:
 * a phone's calendar is often shared with other apps and people, so no surname, contact, home address or note goes
 * in it. A lesson at home says so without the address; at school it names the school; otherwise its place as typed.
 */
export async function feedOf(db: Db, tutorId: string, publicUrl: string, now = new Date()): Promise<string> {
  const today = londonDay(now)
  const rows = await db
    .select({ lesson: lessons })
    .from(lessons)
    .where(
      and(
        eq(lessons.tutorId, tutorId),
        ne(lessons.status, 'cancelled'),
        sql`${lessons.startsAt} >= ${startOfLondonDay(shiftDay(today, -FEED_DAYS_BACK)).toISOString()}`,
        sql`${lessons.startsAt} < ${startOfLondonDay(shiftDay(today, FEED_DAYS_AHEAD)).toISOString()}`,
      ),
    )
    .orderBy(asc(lessons.startsAt))
  const ids = rows.map((row) => row.lesson.id)
  const learners =
    ids.length === 0
      ? []
      : await db
          .select({ lessonId: lessonLearners.lessonId, name: students.name, school: schools.name })
          .from(lessonLearners)
          .innerJoin(students, eq(students.id, lessonLearners.studentId))
          .leftJoin(schools, eq(schools.id, students.schoolId))
          .where(inArray(lessonLearners.lessonId, ids))
          .orderBy(asc(sql`lower(${students.name})`))
  const byLesson = new Map<string, { names: string[]; school: string | null }>()
  for (const learner of learners) {
    const entry = byLesson.get(learner.lessonId) ?? { names: [], school: learner.school }
    entry.names.push(firstName(learner.name))
    byLesson.set(learner.lessonId, entry)
  }
  const host = new URL(publicUrl).host
  const calendar = ical({ name: 'TEC lessons', prodId: { company: 'TEC', product: 'TEC web', language: 'EN' }, ttl: REFRESH_SECONDS })
  for (const { lesson } of rows) {
    const who = byLesson.get(lesson.id)
    const place =
      lesson.mode === 'home' ? 'At the learner’s home' : lesson.mode === 'school' ? (who?.school ?? lesson.place ?? 'At school') : (lesson.place ?? labelOf('DeliveryMode', lesson.mode))
    const page = `${publicUrl}/tutor/reports/${lesson.id}`
    calendar.createEvent({
      id: `${lesson.id}@${host}`,
      start: lesson.startsAt,
      end: new Date(lesson.startsAt.getTime() + lesson.minutes * 60_000),
      summary: `${lesson.subject} with ${names(who?.names ?? [])}`.trim(),
      location: place,
      description: `${labelOf('LessonStatus', lesson.status)}. Open the lesson: ${page}`,
      url: page,
      sequence: lesson.version,
      stamp: now,
      lastModified: lesson.updatedAt,
      status: ICalEventStatus.CONFIRMED,
    })
  }
  return calendar.toString()
}
