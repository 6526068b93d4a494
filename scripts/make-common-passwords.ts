// Writes server/auth/common-passwords.txt, the list of passwords the server refuses (SECURITY.md, V6.2.9).
// Run once when the source list changes: npx tsx scripts/make-common-passwords.ts
// Source: @zxcvbn-ts/language-common's password dictionary, ordered by how often each password was seen.
import { writeFileSync } from 'node:fs'
import { dictionary } from '@zxcvbn-ts/language-common'

const MIN_LENGTH = 8 // shorter ones are refused by the length rule anyway
const MAX_ENTRIES = 10_000

const seen = new Set<string>()
for (const entry of dictionary['passwords-common']) {
  const password = entry.toLowerCase()
  if (password.length >= MIN_LENGTH) seen.add(password)
  if (seen.size === MAX_ENTRIES) break
}

const target = new URL('../server/auth/common-passwords.txt', import.meta.url)
writeFileSync(target, `${[...seen].join('\n')}\n`)
console.log(`wrote ${seen.size} passwords to ${target.pathname}`)
