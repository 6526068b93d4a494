import { Box, Burger, Button, Container, Divider, Drawer, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconChevronDown } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { ColorSchemeMenu } from './color-scheme-menu'
import { isActive, type LinkComponent, type NavGroup, type NavItem } from './link-component'
import { LogoLink } from './logo'
import { PublicFooter, type SiteContact, type SocialLinkItem } from './public-footer'
import classes from './public-layout.module.css'

export interface PublicLayoutProps {
  linkComponent: LinkComponent
  pathname: string
  /** Pages grouped under one menu each (the ways TEC delivers learning, the ways to join). */
  groups: NavGroup[]
  pages: NavItem[]
  login: NavItem
  /** The site's own pages (privacy notice, terms…), linked from the foot of every page. */
  policies: NavItem[]
  /** The organisation's contact details for the footer; left out until they have loaded. */
  contact: SiteContact | undefined
  /** The organisation's pages elsewhere, for the footer; none until the details have loaded. */
  social: SocialLinkItem[]
  children: ReactNode
}

export function PublicLayout({ linkComponent: Link, pathname, groups, pages, login, policies, contact, social, children }: PublicLayoutProps) {
  const [drawerOpened, drawer] = useDisclosure(false)
  const current = (item: NavItem) => (isActive(item, pathname) ? 'page' : undefined)

  return (
    <Box className={classes.page}>
      <a className={classes.skipLink} href="#main">
        Skip to main content
      </a>
      <Box component="header" className={classes.header}>
        <Container h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <LogoLink linkComponent={Link} height={36} />
            <Group component="nav" aria-label="Main" gap="lg" visibleFrom="md" wrap="nowrap">
              {groups.map((group) => (
                <Menu key={group.label} trigger="click-hover" position="bottom-start" withinPortal>
                  <Menu.Target>
                    <UnstyledButton className={classes.navLink}>
                      <Group gap={4} wrap="nowrap">
                        {group.label} <IconChevronDown size={14} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {group.items.map((item) => (
                      <Menu.Item key={item.to} component={Link} to={item.to} aria-current={current(item)}>
                        {item.label}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              ))}
              {pages.map((item) => (
                <Link key={item.to} to={item.to} className={classes.navLink} aria-current={current(item)}>
                  {item.label}
                </Link>
              ))}
              <ColorSchemeMenu />
              <Button component={Link} to={login.to} size="sm">
                {login.label}
              </Button>
            </Group>
            <Group gap="xs" hiddenFrom="md" wrap="nowrap">
              <ColorSchemeMenu />
              <Burger opened={drawerOpened} onClick={drawer.toggle} aria-label="Open the site menu" />
            </Group>
          </Group>
        </Container>
      </Box>

      <Drawer opened={drawerOpened} onClose={drawer.close} title="Menu" hiddenFrom="md" size="xs" closeButtonProps={{ 'aria-label': 'Close the site menu' }}>
        <Stack component="nav" aria-label="Site" gap="xs">
          {groups.map((group) => (
            <Stack key={group.label} gap={0} mb="sm">
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                {group.label}
              </Text>
              {group.items.map((item) => (
                <Link key={item.to} to={item.to} className={classes.drawerLink} aria-current={current(item)} onClick={drawer.close}>
                  {item.label}
                </Link>
              ))}
            </Stack>
          ))}
          {pages.map((item) => (
            <Link key={item.to} to={item.to} className={classes.drawerLink} aria-current={current(item)} onClick={drawer.close}>
              {item.label}
            </Link>
          ))}
          <Divider my="sm" />
          <Button component={Link} to={login.to} onClick={drawer.close}>
            {login.label}
          </Button>
        </Stack>
      </Drawer>

      <Box component="main" id="main" className={classes.main}>
        {children}
      </Box>

      <PublicFooter linkComponent={Link} groups={groups} pages={pages} policies={policies} contact={contact} social={social} />
    </Box>
  )
}
