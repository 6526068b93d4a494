import { and, eq, sql } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { placements, schools, type StudentRow, type TutorProfileRow } from '../db/schema.ts'
import { londonDay, shiftDay } from '../../shared/lesson-time.ts'
import { sameText, tutorFacts, tutorRefusal } from './eligibility.ts'

type Schemas = components['schemas']
type DeliveryMode = Schemas['DeliveryMode']

/** The points each factor is worth; they add up to 100. */
export const SUGGESTION_POINTS = { subject: 40, level: 15, mode: 20, area: 15, availability: 10 } as const
const MAX_SUGGESTIONS = 20

/** The outward part of a UK postcode ("LS6" of "LS6 2AB"), which names a district. */
function outwardCode(postcode: string | null | undefined): string | undefined {
  const code = postcode?.trim().toUpperCase()
  if (!code) return undefined
  return code.includes(' ') ? code.split(/\s+/)[0] : code.slice(0, Math.max(2, code.length - 3))
}

/** The places a tutor travels to, as they wrote them ("Headingley, Otley and Leeds city centre"). */
function placesOf(travelArea: string | null): string[] {
  return (travelArea ?? '')
    .split(/,|;|\band\b|\n/i)
    .map((place) => place.trim())
    .filter((place) => place !== '')
}

interface LearnerPlace {
  town?: string
  postcode?: string
  days: string[]
  times: string[]
  level?: string
}

/** How well one tutor fits: each factor with its points and what it was judged on. */
export function rankTutor(profile: Pick<TutorProfileRow, 'subjects' | 'levels' | 'modes' | 'travelArea' | 'postcode' | 'availabilityDays' | 'availabilityTimes'>, subject: string, mode: DeliveryMode, learner: LearnerPlace): Schemas['SuggestionReason'][] {
  const reasons: Schemas['SuggestionReason'][] = []
  const teaches = profile.subjects.some((taught) => sameText(taught, subject))
  reasons.push({ factor: 'subject', met: teaches, points: teaches ? SUGGESTION_POINTS.subject : 0, detail: [subject] })
  if (learner.level !== undefined) {
    const level = profile.levels.includes(learner.level)
    reasons.push({ factor: 'level', met: level, points: level ? SUGGESTION_POINTS.level : 0, detail: [learner.level] })
  }
  const way = profile.modes.includes(mode)
  reasons.push({ factor: 'mode', met: way, points: way ? SUGGESTION_POINTS.mode : 0, detail: [mode] })
  reasons.push(areaReason(profile, mode, learner))
  const days = learner.days.filter((day) => profile.availabilityDays.includes(day))
  const times = learner.times.filter((time) => profile.availabilityTimes.includes(time))
  const both = days.length > 0 && times.length > 0
  const either = days.length > 0 || times.length > 0
  reasons.push({
    factor: 'availability',
    met: either,
    points: both ? SUGGESTION_POINTS.availability : either ? SUGGESTION_POINTS.availability / 2 : 0,
    detail: [...days, ...times],
  })
  return reasons
}

function areaReason(profile: Pick<TutorProfileRow, 'travelArea' | 'postcode'>, mode: DeliveryMode, learner: LearnerPlace): Schemas['SuggestionReason'] {
  if (mode === 'online') return { factor: 'area', met: true, points: SUGGESTION_POINTS.area, detail: [] }
  const places = placesOf(profile.travelArea)
  const learnerDistrict = outwardCode(learner.postcode)
  const shared: string[] = []
  if (learnerDistrict !== undefined && outwardCode(profile.postcode) === learnerDistrict) shared.push(learnerDistrict)
  for (const place of places) {
    const named = [learner.town, learnerDistrict].some((where) => where !== undefined && (sameText(place, where) || place.toUpperCase().split(/\s+/).includes(where.toUpperCase())))
    if (named && !shared.some((already) => sameText(already, place))) shared.push(place)
  }
  if (shared.length > 0) return { factor: 'area', met: true, points: SUGGESTION_POINTS.area, detail: shared }
  return { factor: 'area', met: false, points: 0, detail: places.slice(0, 3) }
}

/** Where each time of day the forms offer begins, for a proposed first lesson. */
const TIME_OF_DAY_STARTS: Record<Schemas['TimeOfDay'], string> = { morning: '10:00', afternoon: '13:00', after_school: '16:00', evening: '18:00' }
/** The week from Monday, as the forms list the days. */
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
const weekdayOf = (day: string) => WEEK[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7] ?? 'monday'
/** A first lesson is proposed at least this long ahead: time for the tutor and the family to be in touch. */
export const FIRST_LESSON_LEAD_DAYS = 7

/** The first of these that both list, else the learner's, else the tutor's; `shared` says whether both list it. */
function choose<T extends string>(order: readonly T[], learner: readonly string[], tutor: readonly string[]): { chosen: T[]; shared: boolean } {
  const both = order.filter((value) => learner.includes(value) && tutor.includes(value))
  if (both.length > 0) return { chosen: both, shared: true }
  const either = learner.length > 0 ? learner : tutor
  return { chosen: order.filter((value) => either.includes(value)), shared: false }
}

/**
 * The first lesson proposed for a learner with a tutor: the first day at least a week ahead that both are free, at
 * the start of the first time of day both are free; failing that, when the learner is free (the tutor was asked
 * to keep their availability current, the family was not), then when the tutor is, then after school a week ahead.
 */
export function proposeFirstLesson(
  learner: { days: readonly string[]; times: readonly string[] },
  tutor: { days: readonly string[]; times: readonly string[] },
  today: string,
): Schemas['TutorSuggestion']['firstLesson'] {
  const days = choose(WEEK, learner.days, tutor.days)
  const times = choose(Object.keys(TIME_OF_DAY_STARTS) as Schemas['TimeOfDay'][], learner.times, tutor.times)
  const earliest = shiftDay(today, FIRST_LESSON_LEAD_DAYS)
  let date = earliest
  if (days.chosen.length > 0) {
    for (let offset = 0; offset < 7; offset++) {
      const day = shiftDay(earliest, offset)
      if (days.chosen.includes(weekdayOf(day))) {
        date = day
        break
      }
    }
  }
  const time = times.chosen[0] ?? 'after_school'
  // Both free when they share the day, and the time of day too unless neither said one.
  const bothFree = days.shared && (times.shared || (learner.times.length === 0 && tutor.times.length === 0))
  return { date, startTime: TIME_OF_DAY_STARTS[time], bothFree }
}

const PER_WEEK: Record<Schemas['LessonFrequency'], number> = { weekly: 1, twice_weekly: 2, fortnightly: 0.5, flexible: 1 }

/** What each tutor's current placements take: learners, and lesson hours a week (to one decimal). */
async function placedLoads(db: Db): Promise<Map<string, Schemas['TutorSuggestion']['placed']>> {
  const rows = await db
    .select({ tutorId: placements.tutorId, studentId: placements.studentId, frequency: placements.frequency, minutes: placements.lessonMinutes })
    .from(placements)
    .where(eq(placements.status, 'active'))
  const loads = new Map<string, { learners: Set<string>; minutes: number }>()
  for (const row of rows) {
    const load = loads.get(row.tutorId) ?? { learners: new Set<string>(), minutes: 0 }
    load.learners.add(row.studentId)
    load.minutes += (row.minutes ?? 60) * PER_WEEK[row.frequency]
    loads.set(row.tutorId, load)
  }
  return new Map([...loads].map(([tutorId, load]) => [tutorId, { learners: load.learners.size, hoursPerWeek: Math.round(load.minutes / 6) / 10 }]))
}

/**
 * The tutors who could teach this learner the subject in this way, best first (ties by name), at most 20. Left
 * out and counted: paused and left tutors, deactivated accounts, tutors without a current check, tutors already teaching them this subject.
 */
export async function suggestTutorsFor(db: Db, student: StudentRow, subject: string, mode: DeliveryMode): Promise<Schemas['TutorSuggestionList']> {
  const [all, current, school, loads] = await Promise.all([
    tutorFacts(db),
    db
      .select({ tutorId: placements.tutorId })
      .from(placements)
      .where(and(eq(placements.studentId, student.id), eq(placements.status, 'active'), sql`lower(${placements.subject}) = lower(${subject})`)),
    student.schoolId === null || mode !== 'school' ? undefined : db.select({ town: schools.town, postcode: schools.postcode }).from(schools).where(eq(schools.id, student.schoolId)).limit(1),
    placedLoads(db),
  ])
  const today = londonDay(new Date())
  const teachingAlready = new Set(current.map((row) => row.tutorId))
  const place: LearnerPlace = {
    town: school?.[0]?.town ?? student.town ?? undefined,
    postcode: school?.[0]?.postcode ?? student.postcode ?? undefined,
    days: student.availabilityDays,
    times: student.availabilityTimes,
    level: student.level ?? undefined,
  }
  const offered = all.filter((tutor) => tutorRefusal(tutor) === undefined && !teachingAlready.has(tutor.user.id))
  const ranked = offered
    .map((tutor) => {
      const reasons = rankTutor(tutor.profile, subject, mode, place)
      return { tutor, reasons, score: reasons.reduce((sum, reason) => sum + reason.points, 0) }
    })
    .sort((a, b) => b.score - a.score || a.tutor.user.name.localeCompare(b.tutor.user.name, 'en-GB'))
    .slice(0, MAX_SUGGESTIONS)
  return {
    subject,
    mode,
    notOffered: all.length - offered.length,
    items: ranked.map(({ tutor, reasons, score }) => ({
      tutor: {
        id: tutor.user.id,
        name: tutor.user.name,
        email: tutor.user.email,
        status: tutor.profile.status,
        accountDeactivated: tutor.user.deactivatedAt !== null,
        subjects: tutor.profile.subjects,
        modes: tutor.profile.modes as DeliveryMode[],
        ...(tutor.profile.travelArea === null ? {} : { travelArea: tutor.profile.travelArea }),
        checkState: tutor.checkState,
        ...(tutor.checkExpiresOn === null ? {} : { checkExpiresOn: tutor.checkExpiresOn }),
        createdAt: tutor.profile.createdAt.toISOString(),
      },
      score,
      reasons,
      ...(tutor.profile.hoursPerWeek === null ? {} : { hoursPerWeek: tutor.profile.hoursPerWeek }),
      placed: loads.get(tutor.user.id) ?? { learners: 0, hoursPerWeek: 0 },
      firstLesson: proposeFirstLesson(
        { days: student.availabilityDays, times: student.availabilityTimes },
        { days: tutor.profile.availabilityDays, times: tutor.profile.availabilityTimes },
        today,
      ),
    })),
  }
}
