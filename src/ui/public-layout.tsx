import { Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, Menu, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconChevronDown } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { isActive, type LinkComponent, type NavItem } from './link-component'
import { LogoLink } from './logo'
import classes from './public-layout.module.css'

export interface PublicLayoutProps {
  linkComponent: LinkComponent
  pathname: string
  /** The ways TEC delivers learning, grouped under one menu. */
  deliveryModes: NavItem[]
  pages: NavItem[]
  login: NavItem
  children: ReactNode
}

export function PublicLayout({ linkComponent: Link, pathname, deliveryModes, pages, login, children }: PublicLayoutProps) {
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
              <Menu trigger="click-hover" position="bottom-start" withinPortal>
                <Menu.Target>
                  <UnstyledButton className={classes.navLink}>
                    <Group gap={4} wrap="nowrap">
                      Ways to learn <IconChevronDown size={14} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown>
                  {deliveryModes.map((item) => (
                    <Menu.Item key={item.to} component={Link} to={item.to} aria-current={current(item)}>
                      {item.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              {pages.map((item) => (
                <Link key={item.to} to={item.to} className={classes.navLink} aria-current={current(item)}>
                  {item.label}
                </Link>
              ))}
              <Button component={Link} to={login.to} size="sm">
                {login.label}
              </Button>
            </Group>
            <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="md" aria-label="Open the site menu" />
          </Group>
        </Container>
      </Box>

      <Drawer opened={drawerOpened} onClose={drawer.close} title="Menu" hiddenFrom="md" size="xs" closeButtonProps={{ 'aria-label': 'Close the site menu' }}>
        <Stack component="nav" aria-label="Site" gap="xs">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            Ways to learn
          </Text>
          {[...deliveryModes, ...pages].map((item) => (
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

      <Box component="footer" className={classes.footer}>
        <Container py="xl">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
            <Stack gap="xs">
              <Text fw={800} fz="xl">
                TEC
              </Text>
              <Text size="sm">Education and tutoring at home, in school, online and in the community.</Text>
            </Stack>
            <Stack gap={6}>
              <Text fw={700}>Learn with us</Text>
              {deliveryModes.map((item) => (
                <Anchor key={item.to} component={Link} to={item.to} size="sm" c="white">
                  {item.label}
                </Anchor>
              ))}
            </Stack>
            <Stack gap={6}>
              <Text fw={700}>Get in touch</Text>
              <Text size="sm">Our team answers enquiries Monday to Friday, 9:00 to 17:00.</Text>
              {pages.map((item) => (
                <Anchor key={item.to} component={Link} to={item.to} size="sm" c="white">
                  {item.label}
                </Anchor>
              ))}
            </Stack>
          </SimpleGrid>
          <Text size="xs" mt="xl">
            © {new Date().getFullYear()} TEC. All rights reserved.
          </Text>
        </Container>
      </Box>
    </Box>
  )
}
