import { Button, Group, Stack, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { LIMITS } from '@shared/contract.gen'
import { REQUIRED, textProblem } from '@shared/field-rules'
import type { User } from '@/api/auth'
import { queryKeys } from '@/api/query-keys'
import { toast } from '@/ui/toasts'
import { showServerErrors } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'

const NAME_MAX_LENGTH = LIMITS.UpdateMeRequest.name.maxLength

export function NameForm({ user }: { user: User }) {
  const { api, auth } = useAppContext()
  const queryClient = useQueryClient()
  const form = useForm({
    initialValues: { name: user.name },
    validate: {
      name: (value) => textProblem(value, NAME_MAX_LENGTH, REQUIRED.enter('your name')),
    },
  })
  const rename = useMutation({
    mutationFn: (name: string) => api.auth.updateMe({ name }),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.user.me(), updated)
      auth.send({ type: 'USER.UPDATE', patch: { name: updated.name } })
      form.resetDirty({ name: updated.name })
      toast.success('Your name has been saved')
    },
    onError: (error) => showServerErrors(form, error),
  })

  return (
    <form onSubmit={form.onSubmit(({ name }) => rename.mutate(name.trim()))} noValidate aria-labelledby="name-form-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="name-form-title">
          Your name
        </Title>
        <TextInput label="Name" description="Shown to colleagues and in the header." autoComplete="name" required {...form.getInputProps('name')} />
        <Group>
          <Button type="submit" loading={rename.isPending}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
