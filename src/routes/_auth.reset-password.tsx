import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { isApiError } from '../api/errors'
import { broadInvalidation, invalidateFamilies } from '../api/query-keys'
import { toast } from '../ui/toasts'
import { AnchorLink, ButtonLink } from './-components/links'
import { confirmationError, newPasswordError, passwordHint } from './-lib/password-rules'
import { showServerErrors } from './-lib/server-errors'
import { useAppContext } from './-lib/use-app-context'

interface ResetSearch {
  token?: string
}

export const Route = createFileRoute('/_auth/reset-password')({
  validateSearch: (search: Record<string, unknown>): ResetSearch =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  staticData: { title: 'Choose a new password' },
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token: tokenInAddress } = Route.useSearch()
  const navigate = useNavigate()
  // Kept in memory only: the token leaves the address bar (and so history, bookmarks, screenshots) at once.
  const [token] = useState(tokenInAddress ?? null)
  const [linkRejected, setLinkRejected] = useState(false)

  useEffect(() => {
    if (tokenInAddress !== undefined) void navigate({ to: '/reset-password', search: {}, replace: true })
  }, [tokenInAddress, navigate])

  return (
    <Stack gap="md">
      <Title order={1}>Choose a new password</Title>
      {token === null || linkRejected ? (
        <ExpiredLink />
      ) : (
        <ResetPasswordForm token={token} onLinkRejected={() => setLinkRejected(true)} />
      )}
      <Text size="sm" ta="center">
        <AnchorLink to="/login">
          Back to login
        </AnchorLink>
      </Text>
    </Stack>
  )
}

function ExpiredLink() {
  return (
    <Alert color="red" title="This link has expired or was already used." role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">Reset links work once, for 30 minutes. Ask for a new one and use it from the latest email.</Text>
        <ButtonLink to="/forgot-password" size="sm">
          Ask for a new link
        </ButtonLink>
      </Stack>
    </Alert>
  )
}

function ResetPasswordForm({ token, onLinkRejected }: { token: string; onLinkRejected: () => void }) {
  const { api, queryClient } = useAppContext()
  const navigate = useNavigate()
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => newPasswordError(value),
      confirmPassword: (value, values) => confirmationError(value, values.password),
    },
  })
  const reset = useMutation({
    mutationFn: (password: string) => api.auth.resetPassword(token, { password }),
    onSuccess: async ({ message }) => {
      toast.success(message)
      await invalidateFamilies(queryClient, broadInvalidation)
      await navigate({ to: '/login', replace: true })
    },
    onError: (error) => {
      if (isApiError(error) && error.fields?.token) onLinkRejected()
      else showServerErrors(form, error)
    },
  })

  return (
    <form noValidate onSubmit={form.onSubmit(({ password }) => reset.mutate(password))}>
      <Stack gap="md">
        <PasswordInput label="New password" description={passwordHint} autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Save the new password
        </Button>
      </Stack>
    </form>
  )
}
