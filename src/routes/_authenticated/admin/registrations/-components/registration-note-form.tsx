import { Alert, Button, Group, Stack, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { LIMITS } from '@shared/contract.gen'
import type { Registration } from '@/api/registrations'
import { toast } from '@/ui/toasts'
import { showServerErrors } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { useRegistrationUpdate } from './use-registration-update'

export const NOTE_MAX_LENGTH = LIMITS.RegistrationNoteRequest.note.maxLength

/** Adds a note for the team; the form empties once the note is saved. */
export function RegistrationNoteForm({ registration }: { registration: Registration }) {
  const { api } = useAppContext()
  const update = useRegistrationUpdate()
  const [problem, setProblem] = useState<string | null>(null)
  const form = useForm({
    initialValues: { note: '' },
    validate: {
      note: (value) => {
        if (value.trim() === '') return 'Write the note first.'
        return value.trim().length > NOTE_MAX_LENGTH ? `Use at most ${NOTE_MAX_LENGTH} characters.` : null
      },
    },
  })
  const addNote = useMutation({
    mutationFn: (note: string) => api.registrations.addNote(registration.id, { note }),
    onSuccess: async (updated) => {
      form.reset()
      toast.success('Note added')
      await update(updated)
    },
    onError: (error) => showServerErrors(form, error, setProblem),
  })

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ note }) => {
        if (addNote.isPending) return
        setProblem(null)
        addNote.mutate(note.trim())
      })}
    >
      <Stack gap="sm">
        {problem && (
          <Alert color="red" variant="light" role="alert" title="The note was not saved">
            {problem}
          </Alert>
        )}
        <Textarea
          label="Add a note"
          description="For the team only; never emailed."
          required
          autosize
          minRows={3}
          maxRows={10}
          maxLength={NOTE_MAX_LENGTH}
          {...form.getInputProps('note')}
        />
        <Group>
          <Button type="submit" variant="light" loading={addNote.isPending}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
