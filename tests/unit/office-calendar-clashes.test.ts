import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { PARAMETERS } from '@shared/contract.gen'
import type { Lesson } from '@/api/lessons'
import { officeLessonsBetweenQueryOptions, type OfficeLessonQuery } from '@/api/office-calendar'
import { validateCalendarSearch } from '@/routes/_authenticated/admin/-components/calendar-search'
import { clashNotices, clashSentence, officeLessonTitle } from '@/routes/_authenticated/admin/-components/clash-words'

const people = {
  imogen: { id: '11111111-1111-4111-8111-111111111111', name: 'Imogen Hale' },
  omar: { id: '22222222-2222-4222-8222-222222222222', name: 'Omar Reed' },
  ada: { id: '33333333-3333-4333-8333-333333333333', name: 'Ada Lovelace', placementId: '44444444-4444-4444-8444-444444444444' },
  cai: { id: '55555555-5555-4555-8555-555555555555', name: 'Cai Jones', placementId: '66666666-6666-4666-8666-666666666666' },
  dee: { id: '77777777-7777-4777-8777-777777777777', name: 'Dee Patel', placementId: '88888888-8888-4888-8888-888888888888' },
}

let nextId = 0
/** A lesson on Monday 21 December 2026 (London is on GMT, so the times are UTC's). */
function lesson(fields: { tutor: { id: string; name: string }; learners: Lesson['learners']; startTime?: string; subject?: string; clashes?: string[]; date?: string }): Lesson {
  nextId += 1
  const date = fields.date ?? '2026-12-21'
  const startTime = fields.startTime ?? '16:00'
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(nextId).padStart(12, '0')}`,
    version: 1,
    status: 'planned',
    tutor: fields.tutor,
    learners: fields.learners,
    subject: fields.subject ?? 'Maths',
    mode: 'online',
    date,
    startTime,
    minutes: 60,
    startsAt: `${date}T${startTime}:00.000Z`,
    endsAt: `${date}T${startTime}:00.000Z`,
    overdue: false,
    ...(fields.clashes ? { clashes: fields.clashes } : {}),
  }
}

/** Each lesson names the others in `clashes`, as the API does for lessons that overlap. */
function clashing(...lessons: Lesson[]): Lesson[] {
  return lessons.map((one) => ({ ...one, clashes: [...(one.clashes ?? []), ...lessons.filter((other) => other.id !== one.id).map((other) => other.id)] }))
}

const sentences = (lessons: Lesson[]) => clashNotices(lessons).map(clashSentence)

describe('the office’s calendar in words', () => {
  it('names a lesson by subject, learners and tutor', () => {
    expect(officeLessonTitle(lesson({ tutor: people.imogen, learners: [people.ada] }))).toBe('Maths: Ada Lovelace with Imogen Hale')
    expect(officeLessonTitle(lesson({ tutor: people.omar, learners: [people.cai, people.dee], subject: 'Reading' }))).toBe('Reading: Cai Jones and Dee Patel with Omar Reed')
  })

  it('says nothing when no lesson clashes', () => {
    expect(clashNotices([lesson({ tutor: people.imogen, learners: [people.ada] }), lesson({ tutor: people.omar, learners: [people.cai] })])).toEqual([])
  })

  it('names a learner booked twice, each lesson by subject and tutor and a link to its page', () => {
    const lessons = clashing(lesson({ tutor: people.imogen, learners: [people.ada] }), lesson({ tutor: people.omar, learners: [people.ada] }))
    const notices = clashNotices(lessons)
    expect(notices.map(clashSentence)).toEqual(['Ada Lovelace is booked twice on Monday 21 December at 16:00: Maths with Imogen Hale and Maths with Omar Reed.'])
    const links = notices[0]!.parts.flatMap((part) => (typeof part === 'string' ? [] : [part.lesson.id]))
    expect(links).toEqual(lessons.map(({ id }) => id))
  })

  it('names a tutor booked twice, each lesson by subject and learners, with its time when they start apart', () => {
    const lessons = clashing(
      lesson({ tutor: people.imogen, learners: [people.ada], startTime: '16:00' }),
      lesson({ tutor: people.imogen, learners: [people.cai, people.dee], startTime: '16:30', subject: 'English' }),
    )
    expect(sentences(lessons)).toEqual(['Imogen Hale is booked twice on Monday 21 December: Maths with Ada Lovelace at 16:00 and English with Cai Jones and Dee Patel at 16:30.'])
  })

  it('makes one sentence of everyone the same lessons book twice, and names the lessons in full', () => {
    const lessons = clashing(lesson({ tutor: people.imogen, learners: [people.ada] }), lesson({ tutor: people.imogen, learners: [people.ada] }))
    expect(sentences(lessons)).toEqual([
      'Imogen Hale and Ada Lovelace are booked twice on Monday 21 December at 16:00: Maths: Ada Lovelace with Imogen Hale and Maths: Ada Lovelace with Imogen Hale.',
    ])
  })

  it('counts three lessons at once, and lists the clashes soonest first', () => {
    const later = clashing(lesson({ tutor: people.imogen, learners: [people.cai], date: '2026-12-22' }), lesson({ tutor: people.omar, learners: [people.cai], date: '2026-12-22' }))
    const three = clashing(
      lesson({ tutor: people.imogen, learners: [people.ada] }),
      lesson({ tutor: people.omar, learners: [people.ada] }),
      lesson({ tutor: { id: '99999999-9999-4999-8999-999999999999', name: 'Una Vale' }, learners: [people.ada], subject: 'Physics' }),
    )
    expect(sentences([...later, ...three])).toEqual([
      'Ada Lovelace is booked three times on Monday 21 December at 16:00: Maths with Imogen Hale, Maths with Omar Reed and Physics with Una Vale.',
      'Cai Jones is booked twice on Tuesday 22 December at 16:00: Maths with Imogen Hale and Maths with Omar Reed.',
    ])
  })

  it('calls a lesson the filters leave out “another lesson”', () => {
    const shown = lesson({ tutor: people.imogen, learners: [people.ada], clashes: ['bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'] })
    const notices = clashNotices([shown])
    expect(notices.map(clashSentence)).toEqual([
      'Maths: Ada Lovelace with Imogen Hale on Monday 21 December at 16:00 clashes with another lesson of its tutor or a learner, not among the lessons shown.',
    ])
    expect(notices[0]!.parts[0]).toEqual({ lesson: shown, text: 'Maths: Ada Lovelace with Imogen Hale' })
    const twice = lesson({ tutor: people.imogen, learners: [people.ada], clashes: ['bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'cccccccc-cccc-4ccc-8ccc-cccccccccccc'] })
    expect(sentences([twice])[0]).toContain('clashes with 2 other lessons of its tutor or a learner')
  })
})

describe('the office’s calendar’s address', () => {
  it('keeps ids that can be ids and the contract’s ways of teaching, every key present', () => {
    expect(validateCalendarSearch({ tutorId: people.imogen.id, mode: 'school' })).toEqual({ tutorId: people.imogen.id, schoolId: undefined, studentId: undefined, mode: 'school' })
    expect(validateCalendarSearch({ tutorId: 'Tom', studentId: 12, mode: 'by post' })).toEqual({ tutorId: undefined, schoolId: undefined, studentId: undefined, mode: undefined })
  })
})

describe('reading the office’s lessons of the days shown', () => {
  const PAGE = PARAMETERS.listOfficeLessons.pageSize.maximum

  it('reads every page at the contract’s largest page size, with the filters set and none of those not set', async () => {
    const total = PAGE + 3
    const list = vi.fn((query: OfficeLessonQuery) => {
      const first = ((query.page ?? 1) - 1) * PAGE
      const items = Array.from({ length: Math.min(PAGE, total - first) }, (_, index) => ({ id: `lesson-${first + index}` }) as Lesson)
      return Promise.resolve({ items, total, page: query.page ?? 1, pageSize: PAGE })
    })
    const range = { from: '2026-11-30', to: '2027-01-10', tutorId: people.imogen.id, schoolId: undefined, studentId: undefined, mode: 'online' as const }
    const options = officeLessonsBetweenQueryOptions({ list }, range)
    const lessons = await new QueryClient().fetchQuery(options)
    expect(list.mock.calls.map(([query]) => query)).toEqual([1, 2].map((page) => ({ from: '2026-11-30', to: '2027-01-10', tutorId: people.imogen.id, mode: 'online', pageSize: PAGE, page })))
    expect(lessons).toHaveLength(total)
    // One key for one view, however its filters were written.
    expect(options.queryKey).toEqual(officeLessonsBetweenQueryOptions({ list }, { from: '2026-11-30', to: '2027-01-10', mode: 'online', tutorId: people.imogen.id }).queryKey)
  })
})
