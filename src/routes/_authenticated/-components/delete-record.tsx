import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { isApiError } from '@/api/errors'
import { ActionDialog } from '@/ui/back-office/action-dialog'
import { toast } from '@/ui/toasts'
import { errorMessage } from '@/app/server-errors'

interface DeleteRecordProps {
  /** The word on the button and in the dialog: schools are removed, courses and images deleted. */
  verb: 'Delete' | 'Remove'
  /** What the record is, for "Delete the course" and "The course was not deleted". */
  noun: string
  /** The record's name, for the dialog's title and the toast. */
  name: string
  /** What goes, what stays, and when the server refuses. */
  explanation: ReactNode
  remove: () => Promise<unknown>
  /** The record's own query (dropped once it is gone, refreshed after a 409) and its list's (refreshed). */
  recordKey: QueryKey
  listKey: QueryKey
  /** Where to go once it is gone: the list. */
  leave: () => Promise<void>
}

/**
 * Deleting a record asks first, in a dialog that says what goes and what stays. A refusal (409: still in use, or
 * changed meanwhile) shows the server's reason in the dialog and refreshes the record, so the page shows why.
 */
export function DeleteRecord({ verb, noun, name, explanation, remove, recordKey, listKey, leave }: DeleteRecordProps) {
  const queryClient = useQueryClient()
  const [opened, setOpened] = useState(false)
  const past = verb === 'Delete' ? 'deleted' : 'removed'
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: recordKey })
      await queryClient.invalidateQueries({ queryKey: listKey })
      toast.success(`${name} has been ${past}`)
      await leave()
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: recordKey })
    },
  })
  const close = () => {
    setOpened(false)
    mutation.reset()
  }
  return (
    <>
      <Button variant="outline" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {verb}
      </Button>
      <ActionDialog opened={opened} onClose={close} title={`${verb} ${name}?`}>
        <Stack gap="md">
          <Text>{explanation}</Text>
          {mutation.isError && (
            <Alert color="red" variant="light" role="alert" title={`The ${noun} was not ${past}`}>
              {errorMessage(mutation.error)}
            </Alert>
          )}
          <Group gap="sm">
            <Button color="red" loading={mutation.isPending} onClick={() => mutation.mutate()}>
              {verb} the {noun}
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
