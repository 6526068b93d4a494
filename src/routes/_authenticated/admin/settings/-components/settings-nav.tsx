import { Group } from '@mantine/core'
import { useMatchRoute } from '@tanstack/react-router'
import { ButtonLink } from '@/components/links'

/**
 * The screens of Settings, in the order the links show them. A new screen is a route under settings/ and a line
 * here; `exact` keeps the section's index from showing as current on the screens below it.
 */
const SECTIONS = [
  { to: '/admin/settings', label: 'Your account', exact: true },
  { to: '/admin/settings/site', label: 'Site details', exact: false },
  { to: '/admin/settings/pages', label: 'Pages', exact: false },
  { to: '/admin/settings/gallery', label: 'Gallery', exact: false },
  { to: '/admin/settings/staff', label: 'Staff accounts', exact: false },
  { to: '/admin/settings/mail', label: 'Mail', exact: false },
  { to: '/admin/settings/term-dates', label: 'Term dates', exact: false },
  { to: '/admin/settings/retention', label: 'Data retention', exact: false },
  { to: '/admin/settings/media', label: 'Media library', exact: false },
  { to: '/admin/settings/personal-data', label: 'Personal data requests', exact: false },
] as const

/** Links between the settings screens; the current one is marked for sight and for screen readers. */
export function SettingsNav() {
  const matchRoute = useMatchRoute()
  return (
    <nav aria-label="Settings">
      <Group component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} wrap="wrap">
        {SECTIONS.map((section) => {
          const current = Boolean(matchRoute({ to: section.to, fuzzy: !section.exact }))
          return (
            <li key={section.to}>
              <ButtonLink
                to={section.to}
                variant={current ? 'light' : 'subtle'}
                size="sm"
                aria-current={current ? 'page' : undefined}
                activeOptions={{ exact: section.exact, includeSearch: false }}
              >
                {section.label}
              </ButtonLink>
            </li>
          )
        })}
      </Group>
    </nav>
  )
}
