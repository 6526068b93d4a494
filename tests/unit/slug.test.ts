import { describe, expect, it } from 'vitest'
import { isSlug, slugFrom } from '@/api/slug'

describe('slugFrom', () => {
  it('joins the words of a title with hyphens, in lower case', () => {
    expect(slugFrom('GCSE Maths Revision')).toBe('gcse-maths-revision')
  })

  it('drops accents, apostrophes and punctuation, and says "and" for "&"', () => {
    expect(slugFrom('  Café   Français: Reading & Writing! ')).toBe('cafe-francais-reading-and-writing')
    expect(slugFrom('Children’s coding club')).toBe('childrens-coding-club')
    expect(slugFrom('Ages 14–16 (GCSE)')).toBe('ages-14-16-gcse')
  })

  it('gives nothing for a title without letters or digits', () => {
    expect(slugFrom('—?!')).toBe('')
  })

  it('cuts a long title at a word within the length, and the result is always a slug', () => {
    const slug = slugFrom(`${'word '.repeat(40)}end`)
    expect(slug.length).toBeLessThanOrEqual(120)
    expect(slug.endsWith('-')).toBe(false)
    expect(isSlug(slug)).toBe(true)
    expect(isSlug(slugFrom('x'.repeat(200)))).toBe(true)
  })
})
