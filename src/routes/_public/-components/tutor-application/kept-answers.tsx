import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { formatDate } from '@/app/format-date'
import { formatTime } from '@/ui/format-date-time'

/**
 * "Start again": asks first, since it throws away up to fifteen minutes of answers, then forgets them on this device.
 * The dialog is built from Modal's parts so its header is a plain element, as the office's dialogs are.
 */
export function StartAgain({ onConfirm, disabled = false }: { onConfirm: () => void; disabled?: boolean }) {
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Button variant="default" size="compact-md" onClick={() => setOpened(true)} disabled={disabled}>
        Start again
      </Button>
      <Modal.Root opened={opened} onClose={() => setOpened(false)} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title>Start again?</Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Stack gap="md">
              <Text>This clears every answer from this device and takes you back to the first step. You cannot undo it.</Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setOpened(false)}>
                  Keep my answers
                </Button>
                <Button color="red" onClick={onConfirm}>
                  Clear my answers
                </Button>
              </Group>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  )
}

/**
 * Says that the answers on the page were kept from an earlier visit, and when they were last changed. A region named
 * by its title (as GOV.UK's notification banner), not an alert: it is there as the page opens, not news to interrupt.
 */
export function KeptAnswersNotice({ savedAt, onStartAgain, onClose }: { savedAt: string; onStartAgain: () => void; onClose: () => void }) {
  return (
    <Alert color="blue" variant="light" role="region" title="We kept your answers" withCloseButton closeButtonLabel="Hide this message" onClose={onClose}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          You last changed them on {formatDate(savedAt)} at {formatTime(savedAt)}. Carry on where you left off, or start again if they are not yours.
        </Text>
        <StartAgain onConfirm={onStartAgain} />
      </Stack>
    </Alert>
  )
}
