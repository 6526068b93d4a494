import { Button, Stack, Text, Title } from '@mantine/core'
import type { LinkComponent } from './link-component'

interface NotFoundViewProps {
  linkComponent: LinkComponent
  /** Pages that know what was missing (a blog post, a course) say so, and lead back to their list. */
  title?: string
  message?: string
  action?: { to: string; label: string }
}

export function NotFoundView({
  linkComponent: Link,
  title = 'Page not found',
  message = 'The page you asked for does not exist or has moved. Check the address, or start again from the home page.',
  action = { to: '/', label: 'Go to the home page' },
}: NotFoundViewProps) {
  return (
    <Stack align="center" gap="md" py={80} px="md" ta="center">
      <Text fz={64} fw={800} c="tec" aria-hidden>
        404
      </Text>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" maw={480}>
        {message}
      </Text>
      <Button component={Link} to={action.to}>
        {action.label}
      </Button>
    </Stack>
  )
}
