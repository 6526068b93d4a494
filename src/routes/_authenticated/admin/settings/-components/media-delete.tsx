import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { isApiError } from '../../../../../api/errors'
import type { MediaItem } from '../../../../../api/media'
import { queryKeys } from '../../../../../api/query-keys'
import { ActionDialog } from '../../../../../ui/back-office/action-dialog'
import { toast } from '../../../../../ui/toasts'
import { errorMessage } from '../../../../-lib/server-errors'
import { useAppContext } from '../../../../-lib/use-app-context'
import { usedIn } from './media-words'

/** Deleting an image asks first; one the site still uses is refused (409), and the dialog gives the server's reason. */
export function MediaDelete({ item }: { item: MediaItem }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  const remove = useMutation({
    mutationFn: () => api.media.remove(item.id, item.version),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.media.detail(item.id) })
      await queryClient.invalidateQueries({ queryKey: queryKeys.media.all })
      toast.success(`${item.fileName} has been deleted`)
      await navigate({ to: '/admin/settings/media', search: true })
    },
    onError: (error) => {
      // In use, or changed meanwhile: the page shows where it is used now.
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.media.detail(item.id) })
    },
  })
  const close = () => {
    setOpened(false)
    remove.reset()
  }
  const uses = item.usedBy.length

  return (
    <>
      <Button variant="outline" color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Delete
      </Button>
      <ActionDialog opened={opened} onClose={close} title={`Delete ${item.fileName}?`}>
        <Stack gap="md">
          <Text>
            {uses === 0
              ? 'The image goes from the library for good. No page uses it.'
              : `${usedIn(uses)} on the site: take it off ${uses === 1 ? 'that page' : 'those pages'} first, or the library keeps it.`}
          </Text>
          {remove.isError && (
            <Alert color="red" variant="light" role="alert" title="The image was not deleted">
              {errorMessage(remove.error)}
            </Alert>
          )}
          <Group gap="sm">
            <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate()}>
              Delete the image
            </Button>
            <Button variant="default" onClick={close}>
              Keep it
            </Button>
          </Group>
        </Stack>
      </ActionDialog>
    </>
  )
}
