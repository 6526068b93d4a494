import { STALE_VERSION_MESSAGE } from '../../shared/record-version.ts'

/**
 * Records that staff edit carry a version, raised by every change. An answer gives it as an ETag ("3"); an edit
 * sends it back in If-Match, and one made from an older version is refused (409) instead of overwriting a change
 * the editor never saw.
 */
export const VERSION_MESSAGES = {
  stale: STALE_VERSION_MESSAGE,
} as const

export function versionTag(version: number): string {
  return `"${version}"`
}

/** The version an If-Match header names (the contract has checked its form: "3" or W/"3"). */
export function versionFromTag(tag: string): number {
  return Number(tag.replace(/^W\//, '').replaceAll('"', ''))
}

export const staleVersion = { status: 409 as const, body: { message: VERSION_MESSAGES.stale } }
