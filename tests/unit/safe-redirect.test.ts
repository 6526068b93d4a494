import { describe, expect, it } from 'vitest'
import { areaFor, destinationAfterLogin } from '@/app/areas'
import { safeRedirect } from '@/app/safe-redirect'

describe('safeRedirect', () => {
  it.each(['/admin/students?x=1', '/tutor', '/blog/welcome#top', '/'])('accepts the same-origin path %s', (path) => {
    expect(safeRedirect(path)).toBe(path)
  })

  it.each([
    ['a protocol-relative URL', '//evil.com'],
    ['a backslash that browsers read as a slash', '/\\evil.com'],
    ['an absolute URL', 'https://evil.com'],
    ['a script URL', 'javascript:alert(1)'],
    ['a tab that URL parsers drop', '/\t/evil.com'],
    ['a newline', '/\n/evil.com'],
    ['a dot segment before a second slash', '/.//evil.example'],
    ['a parent segment that leaves a second slash', '/a/..//x'],
    ['encoded parent segments that leave a second slash', '/admin/%2e%2e/%2e%2e//x'],
    ['a dot segment before a backslash', '/./\\evil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['an empty value', ''],
    ['a relative path', 'admin'],
    ['a value that is not a string', 42],
    ['no value', undefined],
  ])('refuses %s', (_, path) => {
    expect(safeRedirect(path)).toBeNull()
  })

  it('answers the path the browser would open, dot segments resolved', () => {
    expect(safeRedirect('/admin/./students/../tutors?x=1#top')).toBe('/admin/tutors?x=1#top')
    expect(safeRedirect('/tutor/%2e%2e/admin')).toBe('/admin')
  })
})

describe('where a sign-in lands', () => {
  it('sends ADMIN to /admin and any other role to /tutor', () => {
    expect(areaFor('ADMIN')).toBe('/admin')
    expect(areaFor('TUTOR')).toBe('/tutor')
    expect(areaFor(null)).toBe('/tutor')
  })

  it('honours a safe redirect for an admin', () => {
    expect(destinationAfterLogin('ADMIN', '/admin/students?page=2')).toBe('/admin/students?page=2')
  })

  it('honours a redirect for a tutor only inside /tutor', () => {
    expect(destinationAfterLogin('TUTOR', '/tutor/reports')).toBe('/tutor/reports')
    expect(destinationAfterLogin('TUTOR', '/admin/students')).toBe('/tutor')
    expect(destinationAfterLogin('TUTOR', '/tutorials')).toBe('/tutor')
  })

  it('ignores an unsafe redirect', () => {
    expect(destinationAfterLogin('ADMIN', '//evil.com/admin')).toBe('/admin')
    expect(destinationAfterLogin('TUTOR', 'https://evil.com/tutor')).toBe('/tutor')
  })
})
