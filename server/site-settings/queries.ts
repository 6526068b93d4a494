import { eq } from 'drizzle-orm'
import type { components } from '../../src/api/schema.gen.ts'
import type { Db } from '../db/client.ts'
import { siteSettings } from '../db/schema.ts'

export type SiteSettings = components['schemas']['SiteSettings']

/**
 * What the site shows before staff have saved any settings, so a fresh production install has working contact
 * details from the first request. No figures: numbers must come from staff, not from a default.
 */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  organisationName: 'TEC',
  email: 'hello@tec.example',
  phone: '+44 20 7946 0321',
  addressLines: ['TEC Learning Centre', '12 Station Road', 'London', 'N1 7GU'],
  openingHours: 'Monday to Friday, 9:00 to 17:30',
  figures: [],
  socialLinks: [],
}

/** The saved settings (the single row), or the defaults while there is none. */
export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1)
  return row ? settingsOf(row) : DEFAULT_SITE_SETTINGS
}

/** A saved row's settings as the contract has them. */
export function settingsOf(row: typeof siteSettings.$inferSelect): SiteSettings {
  return {
    organisationName: row.organisationName,
    email: row.email,
    phone: row.phone,
    addressLines: row.addressLines,
    openingHours: row.openingHours,
    figures: row.figures,
    socialLinks: row.socialLinks,
  }
}
