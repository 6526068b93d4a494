import { Button, Stack, Text, Title } from '@mantine/core'
import type { LinkComponent } from './link-component'

export function NotFoundView({ linkComponent: Link }: { linkComponent: LinkComponent }) {
  return (
    <Stack align="center" gap="md" py={80} px="md" ta="center">
      <Text fz={64} fw={800} c="tec" aria-hidden>
        404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text c="dimmed" maw={480}>
        The page you asked for does not exist or has moved. Check the address, or start again from the home page.
      </Text>
      <Button component={Link} to="/">
        Go to the home page
      </Button>
    </Stack>
  )
}
