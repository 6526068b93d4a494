import { describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { changeText, CONCERN_HISTORY_WORDS, LESSON_HISTORY_WORDS, wordsForEntry, type HistoryWords } from '@/routes/_authenticated/-components/history-words'
import { POST_HISTORY_WORDS } from '@/routes/_authenticated/admin/blogs/-components/post-words'
import { COURSE_HISTORY_WORDS } from '@/routes/_authenticated/admin/courses/-components/course-words'
import { SCHOOL_HISTORY_WORDS } from '@/routes/_authenticated/admin/schools/-components/school-words'
import { STUDENT_HISTORY_WORDS } from '@/routes/_authenticated/admin/students/-components/student-words'
import { TUTOR_HISTORY_WORDS } from '@/routes/_authenticated/admin/tutors/-components/tutor-words'

type Schemas = components['schemas']

/** The line a record's page shows for one change of one entry, as RecordHistory picks the words. */
function line(page: Schemas['HistorySubject'], pageWords: HistoryWords, action: Schemas['HistoryAction'], change: Schemas['HistoryChange']): string {
  return changeText(wordsForEntry(action, page, pageWords), change)
}

describe('a history line says a change in plain words', () => {
  it('shows enum codes by their labels, in staff words where the back office has them', () => {
    expect(line('tutor', TUTOR_HISTORY_WORDS, 'tutor.status_changed', { field: 'status', from: 'invited', to: 'paused' })).toBe('Status: Invited (no password yet) → Paused')
    expect(line('student', STUDENT_HISTORY_WORDS, 'student.updated', { field: 'contact.relationship', from: 'self', to: 'guardian' })).toBe(
      'Relationship to the learner: The learner themselves → Guardian',
    )
    expect(line('school', SCHOOL_HISTORY_WORDS, 'school.updated', { field: 'type', from: 'primary', to: 'all_through' })).toBe('Type of school: Primary → All-through')
    expect(line('course', COURSE_HISTORY_WORDS, 'course.status_changed', { field: 'status', from: 'draft', to: 'published' })).toBe('Status: Draft → Published')
    expect(line('blog_post', POST_HISTORY_WORDS, 'post.status_changed', { field: 'status', from: 'scheduled', to: 'published' })).toBe('Status: Scheduled → Published')
  })

  it('shows a list of codes as their labels, one after another', () => {
    expect(line('student', STUDENT_HISTORY_WORDS, 'student.updated', { field: 'availability.days', from: ['monday'], to: ['monday', 'friday'] })).toBe('Days: Monday → Monday, Friday')
    expect(line('tutor', TUTOR_HISTORY_WORDS, 'tutor.updated', { field: 'modes', from: ['home', 'community'], to: ['online'] })).toBe('Teaches: At home, In the community → Online')
  })

  it('reads another record’s change in that record’s words, not the page’s', () => {
    // A report sent shows on its learner's page: the lesson's status, not a learner's status left as codes.
    expect(line('student', STUDENT_HISTORY_WORDS, 'lesson.report_submitted', { field: 'status', from: 'awaiting_report', to: 'submitted' })).toBe('Status: Awaiting report → To review')
    // Placing a waiting learner makes them active; on the tutor's page that is the learner's status, not the tutor's.
    expect(line('tutor', TUTOR_HISTORY_WORDS, 'placement.started', { field: 'status', from: 'waiting', to: 'active' })).toBe('Learner’s status: Waiting for a tutor → Active')
    expect(line('school', SCHOOL_HISTORY_WORDS, 'placement.ended', { field: 'status', from: 'active', to: 'ended' })).toBe('Placement: Current → Ended')
    expect(line('tutor', TUTOR_HISTORY_WORDS, 'lesson.moved', { field: 'minutes', from: 60, to: 45 })).toBe('Length: 1 hour → 45 minutes')
  })

  it('shows days and moments as the site writes dates, whichever field holds them', () => {
    expect(line('blog_post', POST_HISTORY_WORDS, 'post.updated', { field: 'publishedAt', from: null, to: '2026-12-04T09:30:00.000Z' })).toBe('Publish time: nothing → 4 Dec 2026, 09:30')
    expect(line('blog_post', POST_HISTORY_WORDS, 'post.updated', { field: 'publishedAt', from: '2026-07-01T08:00:00Z', to: '2026-07-02T17:45:00Z' })).toBe(
      'Publish time: 1 Jul 2026, 09:00 → 2 Jul 2026, 18:45',
    )
    expect(line('student', STUDENT_HISTORY_WORDS, 'placement.moved', { field: 'startsOn', from: '2026-11-27', to: '2026-12-04' })).toBe('Starts on: 27 Nov 2026 → 4 Dec 2026')
  })

  it('says yes or no for a yes-or-no field, nothing for an empty one, and numbers as they are', () => {
    expect(line('course', COURSE_HISTORY_WORDS, 'course.updated', { field: 'featured', from: false, to: true })).toBe('Featured on the home page: no → yes')
    expect(line('tutor', TUTOR_HISTORY_WORDS, 'tutor.updated', { field: 'qualifiedTeacher', from: true, to: false })).toBe('Qualified teacher: yes → no')
    expect(line('student', STUDENT_HISTORY_WORDS, 'student.updated', { field: 'goals', to: 'Read a chapter book on his own.' })).toBe('Goals: nothing → Read a chapter book on his own.')
    expect(line('student', STUDENT_HISTORY_WORDS, 'student.updated', { field: 'subjects', from: ['Maths'], to: [] })).toBe('Subjects: Maths → nothing')
    expect(line('school', SCHOOL_HISTORY_WORDS, 'school.updated', { field: 'address.line2', from: 'Unit 4', to: null })).toBe('Address line 2: Unit 4 → nothing')
    expect(line('student', STUDENT_HISTORY_WORDS, 'student.updated', { field: 'age', from: 9, to: 10 })).toBe('Age: 9 → 10')
  })

  it('names a field in a list by its place, and a field whose value says nothing without its value', () => {
    expect(line('school', SCHOOL_HISTORY_WORDS, 'school.updated', { field: 'contacts.1.phone', from: '0113 496 0000', to: '0113 496 0001' })).toBe(
      'Contact phone (2): 0113 496 0000 → 0113 496 0001',
    )
    expect(line('student', STUDENT_HISTORY_WORDS, 'student.updated', { field: 'schoolId', from: '3c0d7e52-8f41-4b7a-9d2e-6a1f0b9c8d72', to: '5a1e0c2b-7d3f-4e6a-8b9c-000000000001' })).toBe(
      'Partner school changed',
    )
    expect(line('course', COURSE_HISTORY_WORDS, 'course.updated', { field: 'descriptionHtml' })).toBe('Description changed')
    expect(line('blog_post', POST_HISTORY_WORDS, 'post.updated', { field: 'coverId', from: 'a'.repeat(64), to: 'b'.repeat(64) })).toBe('Cover image changed')
  })

  it('keeps words an older entry recorded as they are, and spells out a field it has no label for', () => {
    expect(line('safeguarding_concern', CONCERN_HISTORY_WORDS, 'concern.status_changed', { field: 'status', from: 'Open', to: 'In hand' })).toBe('Status: Open → In hand')
    expect(line('lesson', LESSON_HISTORY_WORDS, 'concern.status_changed', { field: 'status', from: 'open', to: 'in_hand' })).toBe('Status: Open → In hand')
    expect(line('school', SCHOOL_HISTORY_WORDS, 'school.updated', { field: 'contacts.0.jobTitle', from: 'Head', to: 'Deputy head' })).toBe(
      'Contacts job title (1): Head → Deputy head',
    )
  })
})
