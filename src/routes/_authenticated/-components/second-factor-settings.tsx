import { Alert, Button, Group, PasswordInput, Skeleton, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useForm } from '@mantine/form'
import { useState, type FormEvent } from 'react'
import { codesLeftSentence, fewCodesAdvice } from '@shared/recovery-codes'
import { secondFactorQueryOptions, type User } from '@/api/auth'
import { invalidateFamilies, userInvalidation } from '@/api/query-keys'
import { formatDateTime } from '@/ui/format-date-time'
import { toast } from '@/ui/toasts'
import { CODE_LENGTH, OneTimeCodeField } from '@/components/one-time-code-field'
import { errorMessage, fieldMessage, showServerErrors } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { RecoveryCodesList, SecondFactorSetup } from './second-factor-setup'

/** New recovery codes for old: confirmed with a code from the app, then shown once. */
function NewRecoveryCodes({ email, onClose }: { email: string; onClose: () => void }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const replace = useMutation({
    mutationFn: (value: string) => api.auth.regenerateRecoveryCodes(value),
    onSuccess: () => void invalidateFamilies(queryClient, userInvalidation),
    onError: (failure) => {
      setError(fieldMessage(failure, 'code'))
      setCode('')
    },
  })
  if (replace.data) return <RecoveryCodesList codes={replace.data.codes} email={email} onDone={onClose} />
  const send = (value: string) => {
    if (value.length !== CODE_LENGTH) return setError(`Enter all ${CODE_LENGTH} digits of the code.`)
    setError(null)
    replace.mutate(value)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    send(code)
  }
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm">New codes replace the old ones, which stop working.</Text>
        {/* A whole code sends itself, as on the code screen and in the set-up. */}
        <OneTimeCodeField value={code} onChange={setCode} onComplete={(value) => !replace.isPending && send(value)} error={error} />
        <Group>
          <Button type="submit" loading={replace.isPending}>
            Make new codes
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Turning the step off: the password, and a code from the app or a recovery code. */
function TurnOff({ onClose }: { onClose: () => void }) {
  const { api, auth } = useAppContext()
  const queryClient = useQueryClient()
  const [useRecovery, setUseRecovery] = useState(false)
  const form = useForm({
    initialValues: { password: '', code: '', recoveryCode: '' },
    validate: {
      password: (value) => (value === '' ? 'Enter your password.' : null),
      code: (value) => (!useRecovery && value.length !== CODE_LENGTH ? `Enter all ${CODE_LENGTH} digits of the code.` : null),
      recoveryCode: (value) => (useRecovery && value.trim() === '' ? 'Enter one of your recovery codes.' : null),
    },
  })
  const turnOff = useMutation({
    mutationFn: ({ password, code, recoveryCode }: typeof form.values) =>
      api.auth.turnOffSecondFactor({ password, ...(useRecovery ? { recoveryCode: recoveryCode.trim() } : { code }) }),
    onSuccess: () => {
      auth.send({ type: 'USER.UPDATE', patch: { secondFactor: false } })
      toast.success('The second sign-in step is off')
      void invalidateFamilies(queryClient, userInvalidation)
      onClose()
    },
    onError: (error) => showServerErrors(form, error),
  })
  return (
    <form noValidate onSubmit={form.onSubmit((values) => turnOff.mutate(values))}>
      <Stack gap="sm">
        <Text size="sm">Without it, your password alone signs you in.</Text>
        <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        {useRecovery ? (
          <TextInput label="Recovery code" autoComplete="off" {...form.getInputProps('recoveryCode')} />
        ) : (
          <OneTimeCodeField value={form.values.code} onChange={(value) => form.setFieldValue('code', value)} error={form.errors.code} />
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          onClick={() => {
            setUseRecovery(!useRecovery)
            form.clearErrors()
          }}
        >
          {useRecovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
        </Button>
        <Group>
          <Button type="submit" color="red" loading={turnOff.isPending}>
            Turn off
          </Button>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The settings' second-step section: set it up, or see it is on, make new recovery codes, turn it off. */
export function SecondFactorSettings({ user }: { user: User }) {
  const { api } = useAppContext()
  const status = useQuery(secondFactorQueryOptions(api.auth))
  const [doing, setDoing] = useState<'codes' | 'off' | null>(null)
  // Set-up keeps the screen until the person has kept their codes, even though the account now reads as set up.
  const [settingUp, setSettingUp] = useState(false)

  if (!user.secondFactor || settingUp) {
    return (
      <Stack gap="sm">
        <Text size="sm">A code from an app on your phone, asked after your password, keeps your account safe even if someone learns the password.</Text>
        <SecondFactorSetup email={user.email} onStart={() => setSettingUp(true)} onDone={() => setSettingUp(false)} />
      </Stack>
    )
  }
  if (status.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(status.error)}
      </Alert>
    )
  }
  if (!status.data) return <Skeleton height={60} aria-label="Loading" />
  const { enabledAt, recoveryCodesLeft, required } = status.data
  const advice = fewCodesAdvice(recoveryCodesLeft)
  return (
    <Stack gap="sm">
      <Text size="sm">
        On{enabledAt ? ` since ${formatDateTime(enabledAt)}` : ''}: after your password, TEC asks for the code from your authenticator app.{' '}
        {codesLeftSentence(recoveryCodesLeft)}
      </Text>
      {advice && doing !== 'codes' && (
        <Alert color="yellow" variant="light">
          {advice}
        </Alert>
      )}
      {required && <Text size="sm" c="dimmed">Admins must keep it on.</Text>}
      {doing === 'codes' ? (
        <NewRecoveryCodes email={user.email} onClose={() => setDoing(null)} />
      ) : doing === 'off' ? (
        <TurnOff onClose={() => setDoing(null)} />
      ) : (
        <Group>
          <Button variant="default" onClick={() => setDoing('codes')}>
            New recovery codes
          </Button>
          {!required && (
            <Button variant="default" color="red" onClick={() => setDoing('off')}>
              Turn off
            </Button>
          )}
        </Group>
      )}
    </Stack>
  )
}
