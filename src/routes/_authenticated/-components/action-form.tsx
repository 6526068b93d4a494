import { Alert, Button, Group, List, Stack } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { UseMutationResult } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { isApiError } from '@/api/errors'
import { ActionDialog } from '@/ui/back-office/action-dialog'
import { errorMessage } from '@/app/server-errors'
import { placeFieldErrors } from './record-form'

/**
 * One action on a record in a dialog (pause a tutor, record a check, end a placement): its few fields, then the
 * action's button and Cancel. The server's field errors land under their fields; a refusal (409: the record changed
 * meanwhile, or the move is not possible now) shows above the buttons, with each part it names (what a post still
 * needs before it can be published) listed under the reason, and `onRefused` refetches the record so the page shows
 * what is true now. A refusal about one of the dialog's own fields (an email another account has) shows under that
 * field. `action` is a useSaveRecord mutation, so the record, its list and its history refresh and a toast confirms.
 */
export function ActionForm<Values extends Record<string, unknown>, Input>({
  opened,
  onClose,
  title,
  form,
  action,
  toInput,
  submitLabel,
  dismissLabel = 'Cancel',
  danger = false,
  refusedTitle = 'Nothing was changed',
  onRefused,
  children,
}: {
  opened: boolean
  onClose: () => void
  title: string
  form: UseFormReturnType<Values>
  action: UseMutationResult<unknown, Error, Input>
  toInput: (values: Values) => Input
  submitLabel: string
  /** The button that closes the dialog without acting, where "Cancel" would read as the action (cancelling a lesson). */
  dismissLabel?: string
  /** A move that takes something away (mark as left, end a placement): a red button. */
  danger?: boolean
  /** The refusal's heading, where "Nothing was changed" would not say it (an acceptance that made nothing). */
  refusedTitle?: string
  onRefused?: () => Promise<unknown>
  children: ReactNode
}) {
  const [problem, setProblem] = useState<{ message: string; parts: string[] } | null>(null)
  const close = () => {
    form.reset()
    setProblem(null)
    action.reset()
    onClose()
  }
  const submit = form.onSubmit((values) => {
    if (action.isPending) return
    setProblem(null)
    action.mutate(toInput(values), {
      onSuccess: close,
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          // What a refusal names that is not a field of this dialog is listed with the reason instead; when it
          // names only the dialog's own fields, the message under them says it all.
          const values = form.getValues()
          const named = Object.entries(error.fields ?? {})
          const atFields = named.filter(([field]) => Object.hasOwn(values, field))
          const parts = named.filter(([field]) => !Object.hasOwn(values, field)).map(([, message]) => message)
          if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields))
          if (atFields.length === 0 || parts.length > 0) setProblem({ message: error.message, parts })
          void onRefused?.()
          return
        }
        const unplaced = isApiError(error) && error.fields ? placeFieldErrors(form, error.fields) : [errorMessage(error)]
        if (unplaced.length > 0) setProblem({ message: unplaced.join(' '), parts: [] })
      },
    })
  })
  return (
    <ActionDialog opened={opened} onClose={close} title={title}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {children}
          {problem && (
            <Alert color="red" variant="light" role="alert" title={refusedTitle}>
              {problem.message}
              {problem.parts.length > 0 && (
                <List size="sm" mt="xs" withPadding>
                  {problem.parts.map((part) => (
                    <List.Item key={part}>{part}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {dismissLabel}
            </Button>
            <Button type="submit" color={danger ? 'red' : undefined} loading={action.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </ActionDialog>
  )
}
