import type { Lesson } from '@/api/lessons'
import { madeOnce } from '@/ui/format-date-time'
import { inWords } from '@shared/list-words'

// Made at first use: the route tree's page titles import this module into the entry every page loads. The long
// day ("Monday 7 December 2026") is shared/lesson-time.ts's longLessonDay.
const shortDay = madeOnce(() => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }))

function addMinutes(time: string, minutes: number): string {
  const [hours, mins] = time.split(':').map(Number) as [number, number]
  const total = (hours * 60 + mins + minutes) % (24 * 60)
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`
}

/** "Mon 7 Dec, 16:30–17:30" (London time, as the lesson was booked). */
export function lessonWhen(lesson: Pick<Lesson, 'date' | 'startTime' | 'minutes'>): string {
  return `${shortDay().format(new Date(`${lesson.date}T00:00:00Z`)).replace(',', '')}, ${lesson.startTime}–${addMinutes(lesson.startTime, lesson.minutes)}`
}

/** "Ada Lovelace" or "Cai Jones and Dee Patel" */
export function learnerNames(lesson: Pick<Lesson, 'learners'>): string {
  return inWords(lesson.learners.map((learner) => learner.name))
}
