import { Anchor } from '@mantine/core'
import type { ReactNode } from 'react'
import type { PageSlug } from '@/api/site-settings-records'
import { SITE_PAGE_PATHS } from '@/site/site-pages'

/**
 * A link from a form to one of the site's own pages (the privacy notice, the safeguarding policy). It opens in a
 * new tab, so nothing typed in the form is lost while the person reads, and its words say so before they follow it.
 */
export function PolicyLink({ slug, children }: { slug: PageSlug; children: ReactNode }) {
  return (
    <Anchor href={SITE_PAGE_PATHS[slug]} target="_blank" rel="noopener">
      {children} (opens in a new tab)
    </Anchor>
  )
}
