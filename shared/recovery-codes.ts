/**
 * How the settings page and the recovery-code mail speak of the codes left, with the same words on both sides.
 * Pure, so the SPA and the server can both use it.
 */

/** At or below this many unused codes, both ask for new ones: a person with a few left is one lost phone from locked out. */
export const FEW_RECOVERY_CODES = 3

/** "9 recovery codes are left.", "1 recovery code is left." */
export function codesLeftSentence(left: number): string {
  return left === 1 ? '1 recovery code is left.' : `${left} recovery codes are left.`
}

/** What to do when few or none are left; undefined while there are enough. */
export function fewCodesAdvice(left: number): string | undefined {
  if (left === 0) return 'No recovery codes are left. Make new ones now: without them, losing your phone locks you out.'
  if (left <= FEW_RECOVERY_CODES) return `Only ${left === 1 ? '1 recovery code is' : `${left} recovery codes are`} left. Make new ones, so that losing your phone does not lock you out.`
  return undefined
}
