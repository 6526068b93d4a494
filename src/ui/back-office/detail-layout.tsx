import { Grid, Group, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { useEffect, useRef, type ReactNode } from 'react'

export interface DetailLayoutProps {
  /** The way back, e.g. to the list with its filters: the route's own typed link, holding a BackLabel. */
  back: ReactNode
  title: string
  /** A line under the title, such as a reference and a date. */
  subtitle?: ReactNode
  /** Badges beside the title (status, type). */
  badges?: ReactNode
  /** The record's actions, placed under the title. */
  actions?: ReactNode
  /** The record itself. */
  children: ReactNode
  /** History, notes and links beside the record on wide screens, under it on narrow ones. */
  aside?: ReactNode
}

/** One record of a back-office list: heading, status and actions, then the record beside its history. */
export function DetailLayout({ back, title, subtitle, badges, actions, children, aside }: DetailLayoutProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  // Arriving from the list, focus moves to the new page's heading so screen readers announce it.
  useEffect(() => heading.current?.focus({ preventScroll: true }), [])

  return (
    <Stack gap="lg" py="md">
      <Text size="sm">{back}</Text>
      <Stack gap="xs">
        <Group gap="sm" align="center" wrap="wrap">
          {/* Focused by script only, to announce the page; it is not a control, so it shows no focus ring. */}
          <Title order={1} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {title}
          </Title>
          {badges}
        </Group>
        {subtitle && (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        )}
      </Stack>
      {actions}
      <Grid gap="lg">
        <Grid.Col span={{ base: 24, md: aside ? 15 : 24 }}>
          <Stack gap="lg">{children}</Stack>
        </Grid.Col>
        {aside && (
          <Grid.Col span={{ base: 24, md: 9 }}>
            <Stack gap="lg">{aside}</Stack>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  )
}

/** The words of a "back" link with its arrow, for the link DetailLayout's `back` holds. */
export function BackLabel({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} component="span" wrap="nowrap">
      <IconArrowLeft size={14} aria-hidden />
      {children}
    </Group>
  )
}
