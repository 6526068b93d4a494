import { Button, Stack, Text, Title } from '@mantine/core'

/**
 * A page whose content the API could not give: names what is missing and offers to fetch it again. It never shows
 * the server's own words, which are written for developers and may say nothing a visitor can act on.
 */
export function LoadFailureView({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Stack align="center" gap="md" py={80} px="md" ta="center" role="alert">
      <Title order={1}>{`We couldn't load ${what} just now`}</Title>
      <Text c="dimmed" maw={560}>
        Check your internet connection and try again, or come back in a few minutes.
      </Text>
      <Button onClick={onRetry}>Try again</Button>
    </Stack>
  )
}
