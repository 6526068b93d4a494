import { ENUMS } from '@shared/contract.gen'
import { labelOf } from '@shared/labels'
import { sitePageQueryOptions } from '@/api/site-settings'
import type { PageSlug } from '@/api/site-settings-records'
import type { NavItem } from '@/ui/link-component'
import type { PageHead } from '@/app/page-head'
import { routeTo } from '@/app/route-to'
import type { RouterContext } from '@/app/router-context'

/** Each of the site's own pages at its public address; a renamed route fails the type check here. */
export const SITE_PAGE_PATHS = {
  'privacy-notice': routeTo({ to: '/privacy-notice' }),
  'safeguarding-policy': routeTo({ to: '/safeguarding-policy' }),
  'terms-of-use': routeTo({ to: '/terms-of-use' }),
} as const satisfies Record<PageSlug, string>

/** What search results and shared links say about each page, whatever the office has written in it. */
export const SITE_PAGE_DESCRIPTIONS: Record<PageSlug, string> = {
  'privacy-notice': 'What personal information TEC collects through this website, why, how long we keep it and what your rights are.',
  'safeguarding-policy': 'How TEC keeps learners safe at home, in schools, online and in community venues, and how to raise a concern.',
  'terms-of-use': 'The terms that apply to everyone who uses the TEC website, its forms and its pages.',
}

/** The footer's links to the three pages, in the contract's order. */
export const sitePageLinks: NavItem[] = ENUMS.PageSlug.map((slug) => ({ to: SITE_PAGE_PATHS[slug], label: labelOf('PageSlug', slug) }))

export function isPageSlug(value: string): value is PageSlug {
  return (ENUMS.PageSlug as readonly string[]).includes(value)
}

/**
 * Whether a record still has the date the server gives one never saved (the first moment of 1970): such a page
 * shows the words it came with, and has no "last updated" date worth showing.
 */
export function isNeverSaved(isoDateTime: string): boolean {
  return new Date(isoDateTime).getUTCFullYear() <= 1970
}

/**
 * What the three page routes share: their name and description, and loading the page. The document title follows
 * the title the office gave the page; the description stays the site's own.
 */
export function sitePageRoute(slug: PageSlug) {
  const label = labelOf('PageSlug', slug)
  const description = SITE_PAGE_DESCRIPTIONS[slug]
  return {
    staticData: { title: label, description, loadFailure: `the ${label.toLowerCase()}` },
    loader: async ({ context: { queryClient, api } }: { context: RouterContext }): Promise<PageHead> => {
      const page = await queryClient.ensureQueryData(sitePageQueryOptions(api.siteSettings, slug))
      return { title: page.title, description }
    },
  }
}
