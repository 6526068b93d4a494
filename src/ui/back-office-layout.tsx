import './back-office/mantine-styles'
import { AppShell, Badge, Burger, Button, Group, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconLogout } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { isActive, type LinkComponent, type NavItem } from './link-component'
import { LogoLink } from './logo'

export interface BackOfficeLayoutProps {
  linkComponent: LinkComponent
  pathname: string
  /** The area's name, e.g. "Admin", labelling its navigation. */
  area: string
  navigation: NavItem[]
  user: { name: string; role: string }
  onLogout: () => void
  loggingOut?: boolean
  children: ReactNode
}

export function BackOfficeLayout(props: BackOfficeLayoutProps) {
  const { linkComponent: Link, pathname, area, navigation, user, onLogout, loggingOut = false, children } = props
  const [navbarOpened, navbar] = useDisclosure(false)

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navbarOpened}
              onClick={navbar.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navbarOpened ? 'Close the navigation' : 'Open the navigation'}
            />
            <LogoLink linkComponent={Link} height={36} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Stack gap={0} align="flex-end" visibleFrom="xs">
              <Text size="sm" fw={600} lineClamp={1}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed">
                {user.role}
              </Text>
            </Stack>
            <Button variant="light" leftSection={<IconLogout size={16} aria-hidden />} onClick={onLogout} loading={loggingOut}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={`${area} navigation`}>
        {navigation.map((item) => {
          const active = isActive(item, pathname)
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={item.icon}
              rightSection={
                item.count !== undefined && item.count.value > 0 ? (
                  <Badge size="sm" variant="filled" circle={item.count.value < 10}>
                    {item.count.value}
                    <VisuallyHidden> {item.count.words}</VisuallyHidden>
                  </Badge>
                ) : undefined
              }
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={navbar.close}
            />
          )
        })}
      </AppShell.Navbar>

      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  )
}
