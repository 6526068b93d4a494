import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as english from '@zxcvbn-ts/language-en'

/**
 * zxcvbn scores the first this-many characters: its matching grows faster than the length (a 128-character
 * password takes about a second of CPU here, 32 characters at most about 0.2 s), and anything longer that starts
 * with 32 unguessable characters is unguessable too.
 */
const SCORED_LENGTH = 32

let scorer: ZxcvbnFactory | undefined
/** Made on first use: the dictionaries take about 0.15 s and tens of MB, and only password changes need them. */
function zxcvbn(): ZxcvbnFactory {
  scorer ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    maxLength: SCORED_LENGTH,
  })
  return scorer
}

/** zxcvbn's score (0 to 4) for the password, counting `words` (the owner's and the site's) as the first guesses. */
export function passwordScore(password: string, words: readonly string[]): number {
  return zxcvbn().check(password, [...words]).score
}
