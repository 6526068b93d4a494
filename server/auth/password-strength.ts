import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

/**
 * zxcvbn scores the first this-many characters: its matching grows faster than the length (a 128-character
 * password takes about a second of CPU here, 32 characters at most about 0.2 s), and anything longer that starts
 * with 32 unguessable characters is unguessable too.
 */
const SCORED_LENGTH = 32

let scorer: Promise<ZxcvbnFactory> | undefined
/**
 * Loaded and made on first use: the dictionaries are 1.6 MB of code, about 0.15 s and tens of MB, and only
 * password changes need them (a start does not load them).
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  scorer ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([{ ZxcvbnFactory }, common, english]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
        maxLength: SCORED_LENGTH,
      }),
  )
  return scorer
}

/** zxcvbn's score (0 to 4) for the password, counting `words` (the owner's and the site's) as the first guesses. */
export async function passwordScore(password: string, words: readonly string[]): Promise<number> {
  return (await zxcvbn()).check(password, [...words]).score
}
