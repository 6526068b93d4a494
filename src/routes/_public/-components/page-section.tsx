import { Box, Group, Stack, Text, Title } from '@mantine/core'
import { useId, type ReactNode } from 'react'

/** A titled part of a page: a landmark named by its h2, with an optional lead and a link beside the title. */
export function PageSection({ title, lead, aside, children }: { title: string; lead?: string; aside?: ReactNode; children: ReactNode }) {
  const titleId = useId()
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} maw={720}>
            <Title order={2} id={titleId}>
              {title}
            </Title>
            {lead && <Text c="dimmed">{lead}</Text>}
          </Stack>
          {aside}
        </Group>
        {children}
      </Stack>
    </Box>
  )
}
