import { describe, expect, it } from 'vitest'
import { isLateCancellation, lessonInstant, londonDay, londonMonthBounds, londonTime, londonWeek, longLessonDay, monthsOf, termDays, weeklyDays } from '@shared/lesson-time'

describe('lessons on London time', () => {
  it('books a day and time in London, in winter and in summer', () => {
    expect(lessonInstant('2026-12-07', '16:30').toISOString()).toBe('2026-12-07T16:30:00.000Z')
    expect(lessonInstant('2027-06-07', '16:30').toISOString()).toBe('2027-06-07T15:30:00.000Z')
    expect(londonDay(new Date('2027-06-07T23:30:00Z'))).toBe('2027-06-08')
    expect(londonTime(new Date('2027-06-07T23:30:00Z'))).toBe('00:30')
    expect(longLessonDay('2026-12-07')).toBe('Monday 7 December 2026')
  })

  it('repeats weekly until a day (inclusive) or a number of times, never more than 52', () => {
    expect(weeklyDays('2027-03-22', { until: '2027-04-05' })).toEqual(['2027-03-22', '2027-03-29', '2027-04-05'])
    expect(weeklyDays('2027-03-22', { until: '2027-04-04' })).toEqual(['2027-03-22', '2027-03-29'])
    expect(weeklyDays('2027-03-22', { times: 2 })).toEqual(['2027-03-22', '2027-03-29'])
    expect(weeklyDays('2027-03-22')).toEqual(['2027-03-22'])
    expect(weeklyDays('2027-01-04', { times: 80 })).toHaveLength(52)
    // Holidays are left out; `times` counts lessons, so the series runs a week longer; a single day is kept.
    const halfTerm = (day: string) => day >= '2027-02-15' && day <= '2027-02-19'
    expect(weeklyDays('2027-02-08', { times: 3 }, halfTerm)).toEqual(['2027-02-08', '2027-02-22', '2027-03-01'])
    expect(weeklyDays('2027-02-08', { until: '2027-02-22' }, halfTerm)).toEqual(['2027-02-08', '2027-02-22'])
    expect(weeklyDays('2027-02-15', {}, halfTerm)).toEqual(['2027-02-15'])
    expect(weeklyDays('2027-02-15', { until: '2027-02-19' }, halfTerm)).toEqual([])
  })

  it('finds the London week, month, months of a period and school terms', () => {
    // Sunday 23:30 in London is still that week; Monday 00:30 starts the next.
    expect(londonWeek(new Date('2026-11-29T23:30:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-30' })
    expect(londonWeek(new Date('2027-06-06T23:30:00Z'))).toEqual({ from: '2027-06-07', to: '2027-06-14' })
    expect(londonMonthBounds(new Date('2026-12-31T12:00:00Z'))).toEqual({ from: '2026-12-01', to: '2027-01-01' })
    expect(monthsOf('2026-11-15', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02'])
    expect(termDays(2026, 'autumn')).toEqual({ from: '2026-09-01', to: '2026-12-31' })
    expect(termDays(2027, 'spring')).toEqual({ from: '2027-01-01', to: '2027-03-31' })
  })

  it('counts a cancellation with less than 24 hours’ notice as late', () => {
    const start = new Date('2026-12-07T16:00:00Z')
    expect(isLateCancellation(start, new Date('2026-12-06T16:00:00Z'))).toBe(false)
    expect(isLateCancellation(start, new Date('2026-12-06T16:00:01Z'))).toBe(true)
    expect(isLateCancellation(start, new Date('2026-12-08T16:00:00Z'))).toBe(true)
  })
})
