import { LIMITS } from '@shared/contract.gen'
import type { MediaListQuery } from '@/api/media'
import type { ResolvedListSearch } from '@/ui/back-office/list-search'

/** What a media id looks like (the contract's MediaId); anything else is not found without asking the server. */
export const MEDIA_ID = new RegExp(LIMITS.MediaId.pattern)

/** A file's size as people read it: "640 KB", "2.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** How many places show the image, in words. */
export function usedIn(count: number): string {
  if (count === 0) return 'Not used yet'
  return `Used in ${count} ${count === 1 ? 'place' : 'places'}`
}

/** What the list operation takes from the address: search, ready or not, and the page. */
export function mediaApiQuery({ q, ready, page, pageSize }: ResolvedListSearch<{ ready: readonly ['yes', 'no'] }, never>): MediaListQuery {
  return { ...(q ? { q } : {}), ...(ready ? { ready: ready === 'yes' } : {}), page, pageSize }
}
