import type { components } from '../../src/api/schema.gen.ts'

type MailError = components['schemas']['MailError']

/**
 * What a failed try means, for the office, by what the error names: a network error's code first (its text may hold a
 * port that looks like a reply code), then the mail server's reply code. The first that matches wins.
 */
const EXPLANATIONS: { code: RegExp; plain: (code: string) => string }[] = [
  {
    code: /\b(ECONNREFUSED)\b/,
    plain: () => 'The mail server refused the connection: it may be down, or SMTP_URL names the wrong host or port. Ask whoever runs the server to check.',
  },
  {
    code: /\b(ETIMEDOUT|ESOCKETTIMEDOUT)\b|\b(timeout)\b/i,
    plain: () => 'The mail server did not answer in time: it may be down or out of reach from this server. Ask whoever runs the server to check.',
  },
  {
    code: /\b(ENOTFOUND|EAI_AGAIN|EDNS)\b/,
    plain: () => 'The mail server’s name could not be found: check the host name in SMTP_URL.',
  },
  {
    code: /\b(EAUTH)\b|^(535)\b|\s(535)\s/,
    plain: () => 'The mail server refused our user name or password: check the sign-in details in SMTP_URL.',
  },
  {
    code: /\b(ECONNRESET|EPIPE|ETLS)\b/,
    plain: () => 'The connection to the mail server broke off before the mail was taken. It is usually a passing fault.',
  },
  {
    code: /\bEENVELOPE\b.*?\b(5\d\d)\b|recipients were rejected: (5\d\d)\b|(?:^|\s)(55[0-3])[\s-]/,
    plain: (code) => `The mail server refused the address this mail is for (code ${code}): check that it is spelled right and still in use.`,
  },
  {
    code: /(?:^|[\s:])(5\d\d)[\s-]/,
    plain: (code) => `The mail server refused this mail for good (code ${code}). Check the address, or show the details to whoever runs the mail server.`,
  },
  {
    code: /(?:^|[\s:])(4\d\d)[\s-]/,
    plain: (code) => `The mail server could not take this mail for now (code ${code}), for example because it was busy. Sending it again later usually works.`,
  },
]

const UNKNOWN = 'The mail could not be sent, for a reason we do not recognise. Show the details to whoever runs the mail server.'

/** A failed try's stored error (the mailer's `last_error`) in plain words, with the code it names and the text itself. */
export function explainMailError(detail: string): MailError {
  for (const explanation of EXPLANATIONS) {
    const match = explanation.code.exec(detail)
    const code = match?.slice(1).find((group) => group !== undefined)
    if (code !== undefined) return { plain: explanation.plain(code), code: /^\d+$/.test(code) ? code : code.toUpperCase(), detail }
  }
  return { plain: UNKNOWN, detail }
}
