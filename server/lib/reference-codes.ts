import { randomInt } from 'node:crypto'

/** Crockford's base32 without I, L, O and U, so a reference read out on the phone cannot be misheard. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** `length` random characters of the reference alphabet (32 possibilities each). */
export function referenceCode(length: number): string {
  let code = ''
  for (let index = 0; index < length; index++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
  return code
}
