import type { components } from '@/api/schema.gen'
import { formatDateTime } from '@/ui/format-date-time'
import { isNeverSaved } from '@/site/site-pages'

/**
 * Who last changed a record and when: "Last changed 3 Mar 2026, 14:05 by Ada Admin". A record never saved says
 * the site still shows the words it came with.
 */
export function LastChanged({ updatedAt, updatedBy }: { updatedAt: string; updatedBy?: components['schemas']['NamedRef'] | undefined }) {
  if (isNeverSaved(updatedAt)) return <>Not changed yet: the site shows the words it came with.</>
  return (
    <>
      Last changed <time dateTime={updatedAt}>{formatDateTime(updatedAt)}</time>
      {updatedBy && ` by ${updatedBy.name}`}
    </>
  )
}
