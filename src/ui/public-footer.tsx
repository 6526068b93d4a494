import { Anchor, Box, Container, Grid, Stack, Text } from '@mantine/core'
import type { LinkComponent, NavGroup, NavItem } from './link-component'
import classes from './public-footer.module.css'
import { telephoneHref } from './telephone-href'

/** How to reach the organisation, as the site settings give it. */
export interface SiteContact {
  organisationName: string
  email: string
  phone: string
  addressLines: string[]
  openingHours: string
}

interface PublicFooterProps {
  linkComponent: LinkComponent
  groups: NavGroup[]
  pages: NavItem[]
  contact: SiteContact | undefined
}

export function PublicFooter({ linkComponent: Link, groups, pages, contact }: PublicFooterProps) {
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
            </Stack>
          </Grid.Col>
          {groups.map((group) => linkList(group.label, group.items))}
          {linkList('Explore', pages)}
        </Grid>
        <Text size="xs" mt="xl">
          © {new Date().getFullYear()} {contact?.organisationName ?? 'TEC'}. All rights reserved.
        </Text>
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
      <Anchor href={`mailto:${contact.email}`} size="sm" className={classes.link}>
        {contact.email}
      </Anchor>
      <Text size="sm">{contact.openingHours}</Text>
    </Stack>
  )
}
