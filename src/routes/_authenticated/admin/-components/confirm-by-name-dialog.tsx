import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core'
import type { Icon } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { sameName } from '@shared/confirm-name'
import { isApiError } from '@/api/errors'
import { ActionDialog } from '@/ui/back-office/action-dialog'
import { errorMessage } from '@/app/server-errors'

export interface ConfirmByNameProps {
  opened: boolean
  onClose: () => void
  title: string
  /** The person's name as the record shows it: what must be typed. */
  name: string
  /** What this removes, and what stays, in a few plain lines each. */
  goes: string[]
  kept: string[]
  /** The button's words, e.g. "Anonymise" or "Erase". */
  action: string
  /** Calls the server with the typed name; a refusal throws (409 with the reason, 400 on `confirmName`). */
  onConfirm: (typedName: string) => Promise<void>
  /** After success: say so and refresh or leave the page. */
  onDone: () => Promise<void> | void
}

/**
 * The dialog for erasing or anonymising: says what goes and what is kept, and asks for the person's name typed to
 * confirm (the button stays disabled until it matches, as the server will compare it). A refusal (a current
 * placement, the only contact…) is shown in the dialog with its reason and gets the focus.
 */
export function ConfirmByNameDialog({ opened, onClose, title, name, goes, kept, action, onConfirm, onDone }: ConfirmByNameProps) {
  const [typed, setTyped] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const goesId = useId()
  const keptId = useId()
  const matches = sameName(typed, name)

  const run = useMutation({
    mutationFn: () => onConfirm(typed),
    onSuccess: async () => {
      close()
      await onDone()
    },
    onError: (error) => {
      const onField = isApiError(error) ? error.fields?.confirmName : undefined
      if (onField) {
        setFieldError(onField)
        inputRef.current?.focus()
      } else setProblem(errorMessage(error))
    },
  })

  useEffect(() => {
    if (problem) alertRef.current?.focus()
  }, [problem])

  const close = () => {
    setTyped('')
    setFieldError(null)
    setProblem(null)
    run.reset()
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!matches || run.isPending) return
    setProblem(null)
    setFieldError(null)
    run.mutate()
  }

  return (
    <ActionDialog opened={opened} onClose={close} title={title}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {problem && (
            <Alert ref={alertRef} tabIndex={-1} color="red" variant="light" role="alert" title="Nothing was changed">
              {problem}
            </Alert>
          )}
          <div>
            <Text fw={600} id={goesId}>
              What goes
            </Text>
            <List size="sm" spacing={4} aria-labelledby={goesId}>
              {goes.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </div>
          <div>
            <Text fw={600} id={keptId}>
              What is kept
            </Text>
            <List size="sm" spacing={4} aria-labelledby={keptId}>
              {kept.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </div>
          <Text size="sm">This cannot be undone.</Text>
          <TextInput
            ref={inputRef}
            label={`Type ${name} to confirm`}
            description="As the record shows it; capitals and spaces do not matter."
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value)
              setFieldError(null)
            }}
            error={fieldError}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={run.isPending}>
              {action}
            </Button>
          </Group>
        </Stack>
      </form>
    </ActionDialog>
  )
}

/** A red button on a record's page (Erase, Anonymise…) that opens the dialog. */
export function ConfirmByNameButton({
  label,
  icon: LeftIcon,
  size,
  ...dialog
}: Omit<ConfirmByNameProps, 'opened' | 'onClose'> & { label: ReactNode; icon: Icon; size?: 'xs' }) {
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Button size={size} variant="default" color="red" leftSection={<LeftIcon size={size === 'xs' ? 14 : 16} aria-hidden />} onClick={() => setOpened(true)}>
        {label}
      </Button>
      <ConfirmByNameDialog opened={opened} onClose={() => setOpened(false)} {...dialog} />
    </>
  )
}
