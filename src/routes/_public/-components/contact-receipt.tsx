import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import type { ContactMessageReceipt } from '@/api/contact-messages'

/** The confirmation that replaces the form; it takes focus so screen readers announce it. */
export function ContactReceipt({ receipt, onSendAnother }: { receipt: ContactMessageReceipt; onSendAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          Thank you, your message has been sent
        </Title>
        <Text>{receipt.message}</Text>
        <Text>
          Your reference is <strong>{receipt.reference}</strong>. Please quote it if you contact us about this message.
        </Text>
        <Button variant="light" onClick={onSendAnother}>
          Send another message
        </Button>
      </Stack>
    </Paper>
  )
}
