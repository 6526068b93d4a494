import { Alert, Button, Group, Stack } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query'
import { useRef, useState, type ReactNode } from 'react'
import { isApiError } from '@/api/errors'
import { STALE_VERSION_MESSAGE } from '@shared/record-version'
import { toast } from '@/ui/toasts'
import { errorMessage } from '@/app/server-errors'
import { UnsavedChangesGuard } from './unsaved-changes-guard'

/**
 * The save of a create or edit form: calls the API, puts the answer (the record as it now is) in the cache, has the
 * given families refetch (its list, its history, records that show it) and reports success.
 */
export function useSaveRecord<Input, Saved>(options: {
  save: (input: Input) => Promise<Saved>
  /** The query key of the saved record's detail, filled from the answer. */
  detailKey: (saved: Saved) => QueryKey
  /** Families to refetch after the save: the list the record is in, and anything that shows it. */
  refetch: readonly QueryKey[]
  /** The toast that confirms the save; none for a save the user did not ask for (marking a message read). */
  success?: string
  onSaved: (saved: Saved) => void | Promise<void>
}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: options.save,
    onSuccess: async (saved) => {
      queryClient.setQueryData(options.detailKey(saved), saved)
      await Promise.all(
        options.refetch.map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(options.detailKey(saved)) }),
        ),
      )
      if (options.success !== undefined) toast.success(options.success)
      await options.onSaved(saved)
    },
  })
}

/**
 * The edit of a versioned record: saves send the version the form was opened at (a save refused with 409 means
 * someone saved since), and `reload` fetches the record again and puts its fields in the form.
 */
export function useRecordEdit<Saved extends { version: number }, Input, Values extends Record<string, unknown>>(options: {
  record: Saved
  form: UseFormReturnType<Values>
  formValues: (record: Saved) => Values
  fetchAgain: () => Promise<Saved>
  update: (version: number, input: Input) => Promise<Saved>
  detailKey: (saved: Saved) => QueryKey
  refetch: readonly QueryKey[]
  onSaved: (saved: Saved) => void | Promise<void>
}) {
  const versionAtOpen = useRef(options.record.version)
  const save = useSaveRecord({
    save: (input: Input) => options.update(versionAtOpen.current, input),
    detailKey: options.detailKey,
    refetch: options.refetch,
    success: 'The changes have been saved',
    onSaved: options.onSaved,
  })
  const reload = async () => {
    const fresh = await options.fetchAgain()
    versionAtOpen.current = fresh.version
    options.form.setInitialValues(options.formValues(fresh))
    options.form.reset()
  }
  return { save, reload }
}

/** Whether `path` (dotted, `contact.email`) names a field of the form's values. */
function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, part)) return false
    current = (current as Record<string, unknown>)[part]
  }
  return true
}

/**
 * The server's message for each field, placed on the form field of that path, or the nearest field that holds it
 * (`address` on its first line, `subjects.1` on the subjects); what fits no field is answered for the alert.
 */
export function placeFieldErrors<Values extends Record<string, unknown>>(form: UseFormReturnType<Values>, fields: Record<string, string>): string[] {
  const values = form.getValues()
  const unplaced: string[] = []
  const errors: Record<string, string> = {}
  for (const [field, message] of Object.entries(fields)) {
    const parts = field.split('.')
    const candidates = [field, `${field}.line1`, `${field}.name`, ...parts.map((_, index) => parts.slice(0, parts.length - index - 1).join('.')).filter(Boolean)]
    const target = candidates.find((candidate) => hasPath(values, candidate))
    if (target === undefined) unplaced.push(message)
    else errors[target] ??= message
  }
  form.setErrors(errors)
  return unplaced
}

/**
 * Every create and edit form of the back office: the fields, then Save and a way back. The server's field errors
 * land under their fields (a 409 with fields too, such as a slug another record has); an edit refused because someone
 * else changed the record first (409) says so and offers to reload it; any other refusal (a 409 such as a record
 * anonymised meanwhile, too) shows its message above the buttons. `onReload` is there for edits. Leaving with changes
 * not yet saved asks first (the unsaved-changes guard), on every form that uses this one, new records' too.
 */
export function RecordForm<Values extends Record<string, unknown>, Input>({
  form,
  save,
  toInput,
  submitLabel,
  cancel,
  onReload,
  children,
}: {
  form: UseFormReturnType<Values>
  save: UseMutationResult<unknown, Error, Input>
  toInput: (values: Values) => Input
  submitLabel: string
  /** The typed link back (to the record, or to the list for a new one). */
  cancel: ReactNode
  onReload?: () => Promise<void>
  children: ReactNode
}) {
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null)
  const submit = form.onSubmit((values) => {
    setProblem(null)
    save.mutate(toInput(values), {
      onError: (error: Error) => {
        // A 409 that names fields (an address another record has) is answered at those fields. Only a save from an
        // older version is a conflict that reloading mends; any other 409 (the record was anonymised meanwhile) says
        // its own reason under the plain title.
        if (isApiError(error) && error.status === 409 && !error.fields) {
          setProblem({ message: error.message, conflict: error.message === STALE_VERSION_MESSAGE })
          return
        }
        const unplaced = isApiError(error) && error.fields ? placeFieldErrors(form, error.fields) : [errorMessage(error)]
        if (unplaced.length > 0) setProblem({ message: unplaced.join(' '), conflict: false })
        else if (isApiError(error) && error.fields) setProblem({ message: error.message, conflict: false })
      },
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {children}
        {problem && (
          <Alert color="red" variant="light" role="alert" title={problem.conflict ? 'This record changed while you were editing it' : 'The changes were not saved'}>
            {problem.message}
            {problem.conflict && onReload && (
              <Button
                mt="sm"
                display="block"
                variant="light"
                color="red"
                onClick={() => {
                  void onReload().then(() => setProblem(null))
                }}
              >
                Reload the record
              </Button>
            )}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
          {cancel}
        </Group>
      </Stack>
      {/* A save under way is not a change about to be lost: a form that goes to its record once saved leaves (while the
          save is still pending) with fields that differ from those it opened with, and must not ask then. */}
      <UnsavedChangesGuard unsaved={() => !save.isPending && form.isDirty()} />
    </form>
  )
}
