import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '@/ui/back-office/csv'

describe('CSV export', () => {
  it('quotes cells with commas, quotes and line breaks, and ends lines with CRLF', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (row: { name: string; note: string }) => row.name },
        { header: 'Note', value: (row) => row.note },
      ],
      [{ name: 'Okafor, Ruth', note: 'Said "hello"\nthen left' }],
    )
    expect(csv).toBe('Name,Note\r\n"Okafor, Ruth","Said ""hello""\nthen left"\r\n')
  })

  it('keeps a spreadsheet from running a cell that begins like a formula', () => {
    // The full-width signs too: some spreadsheets read ＝ as = once they normalise what they open.
    for (const formula of ['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR', '\uFF1DSUM(A1)', '\uFF0B1', '\uFF20SUM(A1)']) {
      expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true)
    }
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(null)).toBe('')
    expect(csvCell(true)).toBe('true')
  })
})
