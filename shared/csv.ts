import type { Options } from 'csv-stringify'

/**
 * How every CSV the office downloads is written, by csv-stringify on the server (the rows behind a figure) and in the
 * browser (the lists): a cell is quoted when it holds a comma, a quote or any line break, a lone `\n` or `\r`
 * included (csv-stringify quotes those only when asked once a record delimiter is set); one that begins like a
 * formula (=, +, -, @, tab, carriage return, or their full-width forms) is prefixed with an apostrophe so a
 * spreadsheet does not run it (OWASP's CSV injection advice), though a negative number stays a number; lines end
 * with CRLF for Excel, the last one too. Booleans are written as words rather than csv-stringify's 1 and nothing.
 */
export const CSV_OPTIONS = {
  escape_formulas: true,
  record_delimiter: 'windows',
  quote_record_delimiter: true,
  cast: { boolean: (value: boolean) => String(value) },
} as const satisfies Options
