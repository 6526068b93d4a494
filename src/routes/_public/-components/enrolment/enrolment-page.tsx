import { Container, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** The frame of an enrolment page: its heading, a short lead and the form, in a column that reads well at any width. */
export function EnrolmentPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <Container py="xl" size="md">
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={1}>{title}</Title>
          <Text size="lg">{lead}</Text>
          <Text c="dimmed">Fields marked with an asterisk (*) are required. It takes about five minutes.</Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  )
}
