import { describe, expect, it } from 'vitest'
import { mailtoHref } from '@/ui/mailto'

describe('mailtoHref', () => {
  it('keeps a plain address as it is', () => {
    expect(mailtoHref('sam.rivers+lessons@example.org')).toBe('mailto:sam.rivers%2Blessons@example.org')
    expect(mailtoHref("o'neill@example.co.uk")).toBe("mailto:o'neill@example.co.uk")
  })

  it.each(['x?bcc=spy%40evil.example&y=@example.com', 'a&cc=spy@example.com', 'office#x@example.com', 'a?body=click%20here@example.com'])(
    'cannot add a header, a recipient or an anchor from the address %s',
    (address) => {
      const link = new URL(mailtoHref(address))
      expect(link.protocol).toBe('mailto:')
      expect(link.search).toBe('')
      expect(link.hash).toBe('')
      // The mail program is given the address exactly as it was written, as one recipient.
      expect(decodeURIComponent(link.pathname)).toBe(address)
    },
  )

  it('sends the subject and body as one header each, whatever they hold', () => {
    const link = new URL(mailtoHref('x?bcc=spy@example.com', { subject: 'Re: fees & times? [TEC-1]', body: 'Hello,\n\n&bcc=spy@evil.example#x' }))
    expect([...link.searchParams.keys()]).toEqual(['subject', 'body'])
    expect(link.searchParams.get('subject')).toBe('Re: fees & times? [TEC-1]')
    expect(link.searchParams.get('body')).toBe('Hello,\n\n&bcc=spy@evil.example#x')
    expect(link.hash).toBe('')
  })
})
