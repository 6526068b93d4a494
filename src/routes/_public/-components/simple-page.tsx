import { Container, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A page with one heading and short copy: the placeholder shape for pages a later issue fills. */
export function SimplePage({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <Container py="xl">
      <Stack gap="md" maw={720}>
        <Title order={1}>{title}</Title>
        <Text size="lg">{lead}</Text>
        {children}
      </Stack>
    </Container>
  )
}
