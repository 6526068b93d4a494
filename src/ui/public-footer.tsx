import { Anchor, Box, Container, Grid, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { LinkComponent, NavGroup, NavItem } from './link-component'
import classes from './public-footer.module.css'
import { telephoneHref } from './telephone-href'
import { currentYear } from './format-date-time'
import { mailtoHref } from './mailto'

/** How to reach the organisation, as the site settings give it. */
export interface SiteContact {
  organisationName: string
  email: string
  phone: string
  addressLines: string[]
  openingHours: string
}

/** A link to the organisation's page elsewhere (Instagram, LinkedIn…): shown as its icon, named by `label`. */
export interface SocialLinkItem {
  url: string
  /** What the link is called for screen readers and on hover, e.g. "TEC on Instagram". */
  label: string
  icon: ReactNode
}

interface PublicFooterProps {
  linkComponent: LinkComponent
  groups: NavGroup[]
  pages: NavItem[]
  /** The site's own pages (privacy notice, terms…), in the footer's last line. */
  policies: NavItem[]
  contact: SiteContact | undefined
  social: SocialLinkItem[]
}

export function PublicFooter({ linkComponent: Link, groups, pages, policies, contact, social }: PublicFooterProps) {
  const column = { base: 24, sm: 12, md: 6 }
  const linkList = (title: string, items: NavItem[]) => (
    <Grid.Col key={title} span={column}>
      <Stack gap={6} component="nav" aria-label={title}>
        <Text fw={700}>{title}</Text>
        {items.map((item) => (
          <Anchor key={item.to} component={Link} to={item.to} size="sm" className={classes.link}>
            {item.label}
          </Anchor>
        ))}
      </Stack>
    </Grid.Col>
  )

  return (
    <Box component="footer" className={classes.footer}>
      <Container py="xl">
        <Grid gap="xl">
          <Grid.Col span={column}>
            <Stack gap="xs">
              <Text fw={800} fz="xl">
                TEC
              </Text>
              <Text size="sm">Education and tutoring at home, in school, online and in the community.</Text>
              {contact && <FooterContact contact={contact} />}
              {social.length > 0 && <FooterSocial links={social} />}
            </Stack>
          </Grid.Col>
          {groups.map((group) => linkList(group.label, group.items))}
          {linkList('Explore', pages)}
        </Grid>
        <Group justify="space-between" align="center" gap="sm" mt="xl">
          <Text size="xs">
            © {currentYear()} {contact?.organisationName ?? 'TEC'}. All rights reserved.
          </Text>
          <Group component="nav" aria-label="Site policies" gap="md">
            {policies.map((item) => (
              <Anchor key={item.to} component={Link} to={item.to} size="sm" className={classes.link}>
                {item.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  )
}

function FooterContact({ contact }: { contact: SiteContact }) {
  return (
    <Stack gap={4} component="address" fs="normal">
      {contact.addressLines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      <Anchor href={telephoneHref(contact.phone)} size="sm" className={classes.link}>
        {contact.phone}
      </Anchor>
      <Anchor href={mailtoHref(contact.email)} size="sm" className={classes.link}>
        {contact.email}
      </Anchor>
      <Text size="sm">{contact.openingHours}</Text>
    </Stack>
  )
}

/**
 * The organisation's pages elsewhere, as icons: each named for screen readers (and shown on hover) by its label,
 * and large enough to tap. They open in the same tab, as links usually do.
 */
function FooterSocial({ links }: { links: SocialLinkItem[] }) {
  return (
    <Group component="ul" gap={4} p={0} mt="xs" mb={0} className={classes.socialList}>
      {links.map((link) => (
        <li key={link.url}>
          <Anchor href={link.url} aria-label={link.label} title={link.label} className={classes.social}>
            {link.icon}
          </Anchor>
        </li>
      ))}
    </Group>
  )
}
