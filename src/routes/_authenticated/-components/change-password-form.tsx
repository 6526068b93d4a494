import { Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { REQUIRED } from '@shared/field-rules'
import type { ChangePasswordRequest, User } from '@/api/auth'
import { invalidateFamilies, userInvalidation } from '@/api/query-keys'
import { toast } from '@/ui/toasts'
import { confirmationError, newPasswordError, passwordHint } from '@/app/password-rules'
import { showServerErrors } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'

/** `user` is whose password it is: the form refuses their own email or name, as the server does. */
export function ChangePasswordForm({ user }: { user: User }) {
  const { api, auth } = useAppContext()
  const queryClient = useQueryClient()
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value.length === 0 ? REQUIRED.enter('your current password') : null),
      newPassword: (value) => newPasswordError(value, user),
      confirmPassword: (value, values) => confirmationError(value, values.newPassword),
    },
  })
  const change = useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.auth.changePassword(body),
    onSuccess: async (session) => {
      // The server ended every other session and issued this one a new token.
      auth.send({ type: 'CREDENTIALS.SET', user: session.user, token: session.token })
      form.reset()
      toast.success('Your password has been changed')
      await invalidateFamilies(queryClient, userInvalidation)
    },
    onError: (error) => showServerErrors(form, error),
  })

  return (
    <form
      onSubmit={form.onSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
      noValidate
      aria-labelledby="change-password-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="change-password-title">
          Change password
        </Title>
        <Text size="sm" c="dimmed">
          Changing your password signs you out everywhere else.
        </Text>
        <PasswordInput label="Current password" autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
        <PasswordInput label="New password" description={passwordHint} autoComplete="new-password" required {...form.getInputProps('newPassword')} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
