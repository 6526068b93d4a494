import type { UseFormReturnType } from '@mantine/form'
import { isApiError } from '@/api/errors'
import { toast } from '@/ui/toasts'

/** A message for people from anything an API call threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return 'Something went wrong. Try again.'
}

/** The server's message for one field of a refused request, else the answer's own message. */
export function fieldMessage(error: unknown, field: string): string {
  return (isApiError(error) ? error.fields?.[field] : undefined) ?? errorMessage(error)
}

/**
 * Shows an API failure where the user can act on it: the server's per-field messages under the form's
 * fields of the same name, anything else in an error toast (or wherever `showOther` puts it).
 */
export function showServerErrors<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  error: unknown,
  showOther: (message: string) => void = toast.error,
): void {
  const values = form.getValues()
  const onFields = isApiError(error) && error.fields ? Object.entries(error.fields).filter(([field]) => field in values) : []
  if (onFields.length > 0) {
    form.setErrors(Object.fromEntries(onFields))
    return
  }
  showOther(errorMessage(error))
}
