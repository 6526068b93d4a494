import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  type Icon,
} from '@tabler/icons-react'
import { labelOf } from '@shared/labels'
import type { SiteSettings } from '@/api/site-settings'
import type { SocialNetwork } from '@/api/site-settings-records'
import type { SocialLinkItem } from '@/ui/public-footer'

/** Each network's mark; a network added to the contract fails the type check here until it has one. */
const NETWORK_ICONS: Record<SocialNetwork, Icon> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  x: IconBrandX,
  linkedin: IconBrandLinkedin,
  youtube: IconBrandYoutube,
  tiktok: IconBrandTiktok,
}

/** The site settings' social links as the footer shows them: "TEC on Instagram", with Instagram's mark. */
export function socialLinkItems(settings: SiteSettings | undefined): SocialLinkItem[] {
  return (settings?.socialLinks ?? []).map((link) => {
    const NetworkIcon = NETWORK_ICONS[link.network]
    return { url: link.url, label: `TEC on ${labelOf('SocialNetwork', link.network)}`, icon: <NetworkIcon size={24} stroke={1.5} aria-hidden /> }
  })
}
