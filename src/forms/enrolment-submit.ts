import type { UseFormReturnType } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import type { RegistrationReceipt } from '@/api/registrations'
import { isApiError } from '@/api/errors'
import { fieldPathsIn, focusFirstInvalid, placeServerErrors } from './enrolment-errors'
import { errorMessage } from '@/app/server-errors'

/** Focus moves once React has drawn the messages, so a screen reader reads the field with its message. */
const afterPaint = (run: () => void) => window.setTimeout(run, 0)

/**
 * Sending an enrolment form: validation failures and the server's field messages go under their fields and
 * focus the first one; any other failure shows above the form (and is scrolled to); one request at a time.
 */
export function useEnrolmentSubmit<Values, Body>({
  form,
  toRequest,
  send,
  rename,
}: {
  form: UseFormReturnType<Values>
  toRequest: (values: Values) => Body
  send: (body: Body) => Promise<RegistrationReceipt>
  rename?: Record<string, string>
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const problemRef = useRef<HTMLDivElement>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const showProblem = (message: string) => {
    setProblem(message)
    afterPaint(() => {
      problemRef.current?.scrollIntoView({ block: 'center' })
      problemRef.current?.focus({ preventScroll: true })
    })
  }

  const mutation = useMutation({
    mutationFn: send,
    onError: (error) => {
      const formNode = formRef.current
      if (isApiError(error) && error.fields && formNode) {
        const { placed, unplaced } = placeServerErrors(error.fields, fieldPathsIn(formNode), rename)
        if (Object.keys(placed).length > 0) {
          form.setErrors(placed)
          if (unplaced.length > 0) setProblem(unplaced.join(' '))
          afterPaint(() => focusFirstInvalid(formRef.current, placed))
          return
        }
      }
      showProblem(errorMessage(error))
    },
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
      (values) => {
        // The button is disabled while sending; this also stops a second submit by Enter in the meantime.
        if (mutation.isPending) return
        setProblem(null)
        mutation.mutate(toRequest(values))
      },
      (errors) => afterPaint(() => focusFirstInvalid(formRef.current, errors)),
    )(event)

  const startAgain = () => {
    form.reset()
    mutation.reset()
    setProblem(null)
  }

  return { formRef, problemRef, problem, onSubmit, sending: mutation.isPending, receipt: mutation.data, startAgain }
}
