import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'

export function ErrorView({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack align="center" gap="md" py={80} px="md" ta="center" role="alert">
      <Title order={1}>Unexpected Application Error</Title>
      <Text c="dimmed" maw={560}>
        {message}
      </Text>
      <Group>
        <Button onClick={onRetry}>Try again</Button>
        {/* A full page load, not client navigation: it also clears whatever state broke. */}
        <Anchor href="/">Go to the home page</Anchor>
      </Group>
    </Stack>
  )
}
