/**
 * How long public content (posts, courses, gallery, site settings) counts as fresh. Without it, a page's
 * component would fetch again the moment it mounted after its loader had just fetched; after this time the
 * usual refetch on mount, focus and reconnect applies.
 */
export const PUBLIC_CONTENT_STALE_MS = 60_000
