import type { Lesson } from '@/api/lessons'
import { madeOnce } from '@/ui/format-date-time'
import { learnerNames } from '@/routes/_authenticated/-components/lesson-words'
import { inWords } from '@shared/list-words'

// The office's calendar in words: each lesson's name with its tutor, and the clashes among the lessons shown, one
// sentence per person booked more than once at a time, each lesson in it a link to its page.

/** "Monday 21 December" (the lesson's London day; the year is the calendar's). */
const dayWords = madeOnce(() => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }))

function dayOf(lesson: Pick<Lesson, 'date'>): string {
  return dayWords().format(new Date(`${lesson.date}T00:00:00Z`)).replace(',', '')
}

/** "Maths: Ada Lovelace with Imogen Hale": the subject, the learners and the tutor. */
export function officeLessonTitle(lesson: Pick<Lesson, 'subject' | 'learners' | 'tutor'>): string {
  return `${lesson.subject}: ${learnerNames(lesson)} with ${lesson.tutor.name}`
}

/** A piece of a clash's sentence: words, or a lesson named as a link to its page. */
export type ClashPart = string | { lesson: Lesson; text: string }

export interface ClashNotice {
  /** The lessons' ids (and who is booked twice): the same clash keeps its key from one load to the next. */
  key: string
  parts: ClashPart[]
}

/** The sentence a notice makes, as it reads. */
export function clashSentence(notice: Pick<ClashNotice, 'parts'>): string {
  return notice.parts.map((part) => (typeof part === 'string' ? part : part.text)).join('')
}

/** "twice", "three times", "4 times" */
function times(count: number): string {
  return count === 2 ? 'twice' : count === 3 ? 'three times' : `${count} times`
}

/** "A", "A and B", "A, B and C", each item a part of its own. */
function listed(items: ClashPart[]): ClashPart[] {
  return items.flatMap((item, index) => (index === 0 ? [item] : [index === items.length - 1 ? ' and ' : ', ', item]))
}

const soonestFirst = (a: Lesson, b: Lesson) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id)

interface Person {
  key: string
  name: string
  role: 'tutor' | 'learner'
}

/** The people two clashing lessons share: their tutor, when it is one, and each learner in both. */
function sharedPeople(a: Lesson, b: Lesson): Person[] {
  const people: Person[] = []
  if (a.tutor.id === b.tutor.id) people.push({ key: `tutor:${a.tutor.id}`, name: a.tutor.name, role: 'tutor' })
  for (const learner of a.learners) {
    if (b.learners.some((other) => other.id === learner.id)) people.push({ key: `learner:${learner.id}`, name: learner.name, role: 'learner' })
  }
  return people
}

/** The groups of lessons joined by clashes (two that do not overlap each other may both overlap a third). */
function joined(pairs: [Lesson, Lesson][]): Lesson[][] {
  const parent = new Map<string, string>()
  const lessons = new Map<string, Lesson>()
  const root = (id: string): string => {
    const up = parent.get(id) ?? id
    return up === id ? id : root(up)
  }
  for (const [a, b] of pairs) {
    lessons.set(a.id, a)
    lessons.set(b.id, b)
    const [ra, rb] = [root(a.id), root(b.id)]
    if (ra !== rb) parent.set(rb, ra)
  }
  const groups = new Map<string, Lesson[]>()
  for (const lesson of lessons.values()) groups.set(root(lesson.id), [...(groups.get(root(lesson.id)) ?? []), lesson])
  return [...groups.values()].map((group) => group.sort(soonestFirst))
}

/**
 * "Ada Lovelace is booked twice on Monday 21 December at 16:00: Maths with Imogen Hale and Maths with Omar Reed." A
 * learner's lessons are named by subject and tutor, a tutor's by subject and learners, and lessons that start apart
 * each say their time. When several people are booked twice by the same lessons (a lesson planned twice), one
 * sentence names them all, and the lessons in full.
 */
function bookedTwice(people: Person[], lessons: Lesson[]): ClashNotice {
  const first = lessons[0]!
  const sameStart = lessons.every((lesson) => lesson.startTime === first.startTime)
  const one = people.length === 1 ? people[0] : undefined
  const nameOf = (lesson: Lesson) =>
    one?.role === 'learner' ? `${lesson.subject} with ${lesson.tutor.name}` : one?.role === 'tutor' ? `${lesson.subject} with ${learnerNames(lesson)}` : officeLessonTitle(lesson)
  const items = lessons.map((lesson): ClashPart => ({ lesson, text: sameStart ? nameOf(lesson) : `${nameOf(lesson)} at ${lesson.startTime}` }))
  const who = inWords(people.map((person) => person.name))
  return {
    key: `${people.map((person) => person.key).join('+')}|${lessons.map((lesson) => lesson.id).join('+')}`,
    parts: [`${who} ${people.length === 1 ? 'is' : 'are'} booked ${times(lessons.length)} on ${dayOf(first)}${sameStart ? ` at ${first.startTime}` : ''}: `, ...listed(items), '.'],
  }
}

/**
 * The clashes among the lessons shown, soonest first: for each person (a tutor or a learner) booked more than once at
 * a time, one sentence naming the lessons, each a link. A lesson that clashes with one the filters leave out says so
 * ("another lesson"), since whose it is cannot be told from the lessons shown. None when nothing clashes.
 */
export function clashNotices(lessons: Lesson[]): ClashNotice[] {
  const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]))
  const pairs = new Map<string, [Lesson, Lesson]>()
  const notices: { notice: ClashNotice; startsAt: string }[] = []
  for (const lesson of lessons) {
    const unseen = (lesson.clashes ?? []).filter((id) => !byId.has(id))
    for (const id of lesson.clashes ?? []) {
      const other = byId.get(id)
      if (other) pairs.set([lesson.id, id].sort().join('+'), lesson.id < id ? [lesson, other] : [other, lesson])
    }
    if (unseen.length > 0) {
      notices.push({
        startsAt: lesson.startsAt,
        notice: {
          key: `unseen|${lesson.id}`,
          parts: [
            { lesson, text: officeLessonTitle(lesson) },
            ` on ${dayOf(lesson)} at ${lesson.startTime} clashes with ${unseen.length === 1 ? 'another lesson' : `${unseen.length} other lessons`} of its tutor or a learner, not among the lessons shown.`,
          ],
        },
      })
    }
  }

  // Each pair under every person the two lessons share; a pair that shares none (the server's word only) stands alone.
  const byPerson = new Map<string, { person: Person; pairs: [Lesson, Lesson][] }>()
  for (const pair of pairs.values()) {
    const people = sharedPeople(...pair)
    const unshared: Person = { key: `lessons:${pair[0].id}+${pair[1].id}`, name: 'Two lessons', role: 'learner' }
    for (const person of people.length > 0 ? people : [unshared]) {
      const entry = byPerson.get(person.key) ?? { person, pairs: [] }
      entry.pairs.push(pair)
      byPerson.set(person.key, entry)
    }
  }
  // The same lessons booking several people twice make one sentence.
  const byLessons = new Map<string, { people: Person[]; lessons: Lesson[] }>()
  for (const { person, pairs: personPairs } of byPerson.values()) {
    for (const group of joined(personPairs)) {
      const key = group.map((lesson) => lesson.id).join('+')
      const entry = byLessons.get(key) ?? { people: [], lessons: group }
      entry.people.push(person)
      byLessons.set(key, entry)
    }
  }
  for (const { people, lessons: group } of byLessons.values()) {
    if (people.some((person) => person.key.startsWith('lessons:'))) {
      const [a, b] = group as [Lesson, Lesson]
      notices.push({
        startsAt: a.startsAt,
        notice: { key: `lessons|${a.id}+${b.id}`, parts: [{ lesson: a, text: officeLessonTitle(a) }, ' and ', { lesson: b, text: officeLessonTitle(b) }, ` overlap on ${dayOf(a)}.`] },
      })
    } else {
      // Tutors first, then learners, each by name.
      const ordered = [...people].sort((x, y) => (x.role === y.role ? x.name.localeCompare(y.name) : x.role === 'tutor' ? -1 : 1))
      notices.push({ startsAt: group[0]!.startsAt, notice: bookedTwice(ordered, group) })
    }
  }
  return notices.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.notice.key.localeCompare(b.notice.key)).map(({ notice }) => notice)
}
