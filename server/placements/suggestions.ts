import { and, eq, sql } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { placements, schools, type StudentRow, type TutorProfileRow } from '../db/schema.ts'
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

/**
 * The tutors who could teach this learner the subject in this way, best first (ties by name), at most 20. Left
 * out and counted: paused and left tutors, deactivated accounts, tutors without a current check, tutors already teaching them this subject.
 */
export async function suggestTutorsFor(db: Db, student: StudentRow, subject: string, mode: DeliveryMode): Promise<Schemas['TutorSuggestionList']> {
  const [all, current, school] = await Promise.all([
    tutorFacts(db),
    db
      .select({ tutorId: placements.tutorId })
      .from(placements)
      .where(and(eq(placements.studentId, student.id), eq(placements.status, 'active'), sql`lower(${placements.subject}) = lower(${subject})`)),
    student.schoolId === null || mode !== 'school' ? undefined : db.select({ town: schools.town, postcode: schools.postcode }).from(schools).where(eq(schools.id, student.schoolId)).limit(1),
  ])
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
    })),
  }
}
