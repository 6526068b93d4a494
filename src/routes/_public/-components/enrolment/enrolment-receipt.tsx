import { Button, List, Paper, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef } from 'react'
import type { RegistrationReceipt as Receipt } from '@/api/registrations'

/** The confirmation that replaces a sent form: it is scrolled to and takes focus, so everyone learns it worked. */
export function EnrolmentReceipt({
  receipt,
  title,
  nextSteps,
  startAgainLabel,
  onStartAgain,
}: {
  receipt: Receipt
  title: string
  nextSteps: string[]
  startAgainLabel: string
  onStartAgain: () => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'center' })
    heading.current?.focus({ preventScroll: true })
  }, [])

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="enrolment-receipt-title">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3" ref={heading} tabIndex={-1} id="enrolment-receipt-title">
          {title}
        </Title>
        <Text>
          Your reference is <strong>{receipt.reference}</strong>. Please quote it whenever you contact us about this enrolment.
        </Text>
        <Text>{receipt.message}</Text>
        <Title order={3} size="h4">
          What happens next
        </Title>
        <List spacing="xs">
          {nextSteps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Button variant="light" onClick={onStartAgain}>
          {startAgainLabel}
        </Button>
      </Stack>
    </Paper>
  )
}
