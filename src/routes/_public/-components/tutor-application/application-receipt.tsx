import { List, Paper, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import type { RegistrationReceipt } from '@/api/registrations'

/** Replaces the wizard once the application is stored; it takes focus so screen readers announce it. */
export function ApplicationReceipt({ receipt }: { receipt: RegistrationReceipt }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          Thank you, your application has been sent
        </Title>
        <Text>
          Your reference is <strong>{receipt.reference}</strong>. Please quote it if you contact us about your application.
        </Text>
        <Text>{receipt.message}</Text>
        <Title order={3} size="h4">
          What happens next
        </Title>
        <List spacing="xs">
          <List.Item>We read every application within five working days.</List.Item>
          <List.Item>If yours moves forward, we contact your referees and invite you to a friendly interview.</List.Item>
          <List.Item>After your background check, we offer you learners who match your subjects, levels and availability.</List.Item>
        </List>
      </Stack>
    </Paper>
  )
}
