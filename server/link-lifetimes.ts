import type { TOKEN_PURPOSES } from './db/schema.ts'

/** What a mailed set-password link is for: a forgotten password, or an accepted tutor's first password. */
export type LinkPurpose = (typeof TOKEN_PURPOSES)[number]

/**
 * How long each kind of link works (SECURITY.md: a reset link 30 minutes). Sign-in issues and honours the links, and
 * the Mail screen and the mail's retention judge by the same lifetimes whether a mailed link still works, so the
 * lifetimes sit below both rather than in either.
 */
export const LINK_LIFETIMES_MS: Record<LinkPurpose, number> = {
  reset: 30 * 60_000,
  invite: 72 * 3600_000,
}

/** The lifetimes in the units the mails and the Mail screen write them in. */
export const RESET_LINK_MINUTES = LINK_LIFETIMES_MS.reset / 60_000
export const INVITE_LINK_HOURS = LINK_LIFETIMES_MS.invite / 3600_000
