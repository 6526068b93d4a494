import { LIMITS } from '@shared/contract.gen'

/** The contract's limits for the site details and the pages, under the names the forms use. */
export const SITE_LIMITS = LIMITS.SiteSettingsInput
export const PAGE_LIMITS = LIMITS.SitePageInput

/** What the site details form calls each field. */
export const SITE_FIELD_LABELS = {
  organisationName: 'Organisation name',
  email: 'Email address',
  phone: 'Phone number',
  addressLines: 'Address',
  openingHours: 'Opening hours',
  figures: 'Figures',
  socialLinks: 'Social media',
} as const satisfies Record<string, string>
