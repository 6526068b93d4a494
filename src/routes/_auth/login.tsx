import { Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { broadInvalidation, invalidateFamilies } from '@/api/query-keys'
import { selectAwaitsSecondFactor, selectIsAuthenticated, selectIsAuthenticating, selectRole } from '@/machines/auth.selectors'
import { toast } from '@/ui/toasts'
import { AnchorLink } from '@/components/links'
import { ReadyFields } from '@/components/ready-fields'
import { SecondFactorForm } from './-components/second-factor-form'
import { areaFor, destinationAfterLogin } from '@/app/areas'
import { settledSession } from '@/app/session'
import { useAppContext } from '@/app/use-app-context'

interface LoginSearch {
  /** Where to go after signing in; honoured only when it is a safe same-origin path. */
  redirect?: string
}

export const Route = createFileRoute('/_auth/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  staticData: { title: 'Sign in' },
  beforeLoad: async ({ context }) => {
    const snapshot = await settledSession(context.auth)
    if (selectIsAuthenticated(snapshot)) throw redirect({ to: areaFor(selectRole(snapshot)), replace: true })
  },
  component: LoginPage,
})

function LoginPage() {
  const { auth, queryClient } = useAppContext()
  const router = useRouter()
  const { redirect: redirectTo } = Route.useSearch()
  const authenticating = useSelector(auth, selectIsAuthenticating)
  const awaitsSecondFactor = useSelector(auth, selectAwaitsSecondFactor)
  const form = useForm({
    initialValues: { email: '', password: '', remember: true },
    validate: {
      email: (value) => (value.trim() === '' ? 'Please input your email!' : null),
      password: (value) => (value === '' ? 'Please input your password!' : null),
    },
  })

  useEffect(() => {
    const loggedIn = auth.on('loggedIn', ({ user }) => {
      toast.success('Login successful')
      void invalidateFamilies(queryClient, broadInvalidation)
      void router.navigate({ href: destinationAfterLogin(user.role, redirectTo), replace: true })
    })
    const loginFailed = auth.on('loginFailed', ({ message }) => toast.error(message))
    return () => {
      loggedIn.unsubscribe()
      loginFailed.unsubscribe()
    }
  }, [auth, queryClient, router, redirectTo])

  // Leaving the page drops a sign-in still waiting for its code: coming back starts from the password.
  useEffect(() => () => auth.send({ type: 'SECOND_FACTOR.CANCEL' }), [auth])

  if (awaitsSecondFactor) return <SecondFactorForm auth={auth} />

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ email, password, remember }) => auth.send({ type: 'LOGIN', email: email.trim(), pass: password, remember }))}
    >
      <ReadyFields>
        <Stack gap="md">
          <div>
            <Title order={1}>Welcome Back</Title>
            <Text c="dimmed">Good to see you again. Sign in to continue to your TEC workspace.</Text>
          </div>
          <TextInput label="Email Address" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="space-between" wrap="wrap">
            <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
            <AnchorLink to="/forgot-password" size="sm">
              Forgot your password?
            </AnchorLink>
          </Group>
          <Button type="submit" fullWidth loading={authenticating}>
            Login
          </Button>
          <Text size="sm" ta="center">
            Become a Tutor?{' '}
            <AnchorLink to="/tutor-register">
              Register Here
            </AnchorLink>
          </Text>
        </Stack>
      </ReadyFields>
    </form>
  )
}
