import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { PARAMETERS } from '@shared/contract.gen'
import { myLessonsBetweenQueryOptions, type Lesson, type LessonsApi, type MyLessonQuery } from '@/api/lessons'
import { addDays, londonDayOf, mondayOf, openingRange, rangeShown } from '@/routes/_authenticated/-components/lesson-calendar-range'

describe('the lesson calendar’s days', () => {
  it('finds London’s day of an instant, in winter and in summer', () => {
    expect(londonDayOf(new Date('2026-12-07T23:30:00Z'))).toBe('2026-12-07')
    expect(londonDayOf(new Date('2027-06-07T23:30:00Z'))).toBe('2027-06-08')
  })

  it('counts days and finds a week’s Monday across months and years', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04')
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28')
    expect(mondayOf('2026-12-07')).toBe('2026-12-07')
    expect(mondayOf('2027-01-03')).toBe('2026-12-28')
    expect(mondayOf('2027-03-28')).toBe('2027-03-22')
  })

  it('opens on the agenda from today on a phone, on the week containing today wider', () => {
    expect(openingRange(true, '2026-12-11')).toEqual({ from: '2026-12-11', to: '2026-12-17' })
    expect(openingRange(false, '2026-12-11')).toEqual({ from: '2026-12-07', to: '2026-12-13' })
    expect(openingRange(false, '2026-12-13')).toEqual({ from: '2026-12-07', to: '2026-12-13' })
  })

  it('reads the days FullCalendar shows, its end left out, whether it writes times or not', () => {
    expect(rangeShown('2027-05-31T00:00:00+01:00', '2027-07-12T00:00:00+01:00')).toEqual({ from: '2027-05-31', to: '2027-07-11' })
    expect(rangeShown('2026-12-07', '2026-12-14')).toEqual({ from: '2026-12-07', to: '2026-12-13' })
  })
})

describe('reading the lessons of the days shown', () => {
  const lesson = (id: number) => ({ id: `lesson-${id}` }) as Lesson
  const PAGE = PARAMETERS.listMyLessons.pageSize.maximum

  it('reads every page a range holds, at the contract’s largest page size, each lesson once', async () => {
    const total = PAGE * 2 + 5
    const list = vi.fn((query: MyLessonQuery) => {
      const first = ((query.page ?? 1) - 1) * PAGE
      // The last page repeats the one before's last lesson, as when a lesson is planned while the pages are read.
      const ids = Array.from({ length: Math.min(PAGE, total - first) }, (_, index) => first + index)
      if (query.page === 3) ids.unshift(first - 1)
      return Promise.resolve({ items: ids.map(lesson), total, page: query.page ?? 1, pageSize: PAGE })
    })
    const client = new QueryClient()
    const lessons = await client.fetchQuery(myLessonsBetweenQueryOptions({ list } as unknown as LessonsApi, { from: '2026-11-30', to: '2027-01-10' }))
    expect(list.mock.calls.map(([query]) => query)).toEqual([1, 2, 3].map((page) => ({ from: '2026-11-30', to: '2027-01-10', pageSize: PAGE, page })))
    expect(lessons).toHaveLength(total)
    expect(new Set(lessons.map(({ id }) => id)).size).toBe(total)
  })

  it('reads one page when the range holds fewer lessons than a page', async () => {
    const list = vi.fn(() => Promise.resolve({ items: [lesson(1), lesson(2)], total: 2, page: 1, pageSize: PAGE }))
    const lessons = await new QueryClient().fetchQuery(myLessonsBetweenQueryOptions({ list } as unknown as LessonsApi, { from: '2026-12-07', to: '2026-12-13' }))
    expect(list).toHaveBeenCalledTimes(1)
    expect(lessons.map(({ id }) => id)).toEqual(['lesson-1', 'lesson-2'])
  })
})
