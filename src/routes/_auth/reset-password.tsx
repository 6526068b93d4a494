import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { isApiError } from '@/api/errors'
import { broadInvalidation, invalidateFamilies } from '@/api/query-keys'
import { toast } from '@/ui/toasts'
import { AnchorLink, ButtonLink } from '@/components/links'
import { confirmationError, newPasswordError, passwordHint } from '@/app/password-rules'
import { showServerErrors } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'

interface ResetSearch {
  token?: string
  /** Set on the link a new tutor is mailed (server/auth/links.ts): the page welcomes them rather than resetting. */
  welcome?: true
}

export const Route = createFileRoute('/_auth/reset-password')({
  validateSearch: (search: Record<string, unknown>): ResetSearch => ({
    ...(typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {}),
    // The router reads `welcome=1` as the number 1; a hand-typed `welcome=true` as true.
    ...(search.welcome === 1 || search.welcome === '1' || search.welcome === true ? { welcome: true as const } : {}),
  }),
  staticData: { title: 'Choose a new password' },
  component: ResetPasswordPage,
})

/** The page's words: a forgotten password's reset, or a new tutor's first password. */
const WORDS = {
  reset: {
    title: 'Choose a new password',
    expired: 'Reset links work once, for 30 minutes. Ask for a new one and use it from the latest email.',
  },
  welcome: {
    title: 'Choose your password',
    expired: 'Welcome links work once, for 72 hours. Ask for a new link with the email address the invitation came to.',
  },
} as const

function ResetPasswordPage() {
  const { token: tokenInAddress, welcome: welcomeInAddress } = Route.useSearch()
  const navigate = useNavigate()
  // Kept in memory only: the token leaves the address bar (and so history, bookmarks, screenshots) at once.
  const [token] = useState(tokenInAddress ?? null)
  const [welcome] = useState(welcomeInAddress === true)
  const [linkRejected, setLinkRejected] = useState(false)
  const [passwordSet, setPasswordSet] = useState(false)
  const words = welcome ? WORDS.welcome : WORDS.reset

  useEffect(() => {
    if (tokenInAddress !== undefined || welcomeInAddress !== undefined) void navigate({ to: '/reset-password', search: {}, replace: true })
  }, [tokenInAddress, welcomeInAddress, navigate])

  if (passwordSet) return <PasswordIsSet />

  return (
    <Stack gap="md">
      <Title order={1}>{words.title}</Title>
      {welcome && !linkRejected && token !== null && (
        <Text c="dimmed">Welcome to TEC. Choose the password you will sign in with, together with the email address this link came to.</Text>
      )}
      {token === null || linkRejected ? (
        <ExpiredLink explanation={words.expired} />
      ) : (
        <ResetPasswordForm token={token} welcome={welcome} onLinkRejected={() => setLinkRejected(true)} onPasswordSet={() => setPasswordSet(true)} />
      )}
      {!welcome && (
        <Text size="sm" ta="center">
          <AnchorLink to="/login">
            Back to sign in
          </AnchorLink>
        </Text>
      )}
    </Stack>
  )
}

/** How a welcome link ends: the tutor has a password and goes on to sign in with it. */
function PasswordIsSet() {
  return (
    <Stack gap="md" role="status">
      <Title order={1}>Your password is set</Title>
      <Text>Sign in with the email address this link came to and the password you have just chosen.</Text>
      <ButtonLink to="/login" fullWidth>
        Sign in
      </ButtonLink>
    </Stack>
  )
}

function ExpiredLink({ explanation }: { explanation: string }) {
  return (
    <Alert color="red" title="This link has expired or was already used." role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{explanation}</Text>
        <ButtonLink to="/forgot-password" size="sm">
          Ask for a new link
        </ButtonLink>
      </Stack>
    </Alert>
  )
}

function ResetPasswordForm({
  token,
  welcome,
  onLinkRejected,
  onPasswordSet,
}: {
  token: string
  welcome: boolean
  onLinkRejected: () => void
  onPasswordSet: () => void
}) {
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
      // A new tutor reads the outcome on the page, with the way on; a reset goes straight back to signing in.
      if (!welcome) toast.success(message)
      await invalidateFamilies(queryClient, broadInvalidation)
      if (welcome) onPasswordSet()
      else await navigate({ to: '/login', replace: true })
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
          {welcome ? 'Save the password' : 'Save the new password'}
        </Button>
      </Stack>
    </form>
  )
}
