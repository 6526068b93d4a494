import { Button, Group, Stack, Text } from '@mantine/core'
import { useBlocker } from '@tanstack/react-router'
import { ActionDialog } from '@/ui/back-office/action-dialog'

/**
 * Leaving a form with unsaved changes asks first: a link or Back within the app opens "Leave without saving?", and
 * closing or reloading the tab gets the browser's own question. `saveFirst` (an editor that saves on its own) is
 * tried before asking; when it saves everything, the way out is not held up at all.
 */
export function UnsavedChangesGuard({ unsaved, saveFirst }: { unsaved: () => boolean; saveFirst?: () => Promise<boolean> }) {
  const blocker = useBlocker({
    shouldBlockFn: async () => {
      if (!unsaved()) return false
      if (saveFirst && (await saveFirst())) return false
      return unsaved()
    },
    enableBeforeUnload: unsaved,
    withResolver: true,
  })
  const stay = () => blocker.reset?.()
  return (
    <ActionDialog opened={blocker.status === 'blocked'} onClose={stay} title="Leave without saving?">
      <Stack gap="md">
        <Text>Your changes are not saved. If you leave now, they are lost.</Text>
        <Group justify="flex-end" gap="sm">
          {/* The choice that loses nothing has the focus, so Enter does no harm. */}
          <Button variant="default" onClick={stay} data-autofocus>
            Stay
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </Group>
      </Stack>
    </ActionDialog>
  )
}
