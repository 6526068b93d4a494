import { Alert, Button, Code, Group, List, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { QRCodeSVG } from 'qrcode.react'
import { useId, useRef, useState } from 'react'
import { invalidateFamilies, userInvalidation } from '@/api/query-keys'
import { CODE_LENGTH, OneTimeCodeField } from '@/components/one-time-code-field'
import { errorMessage, fieldMessage, showServerErrors } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { toast } from '@/ui/toasts'


/** The codes as a text file a person keeps somewhere safe: one a line, with what they are for. */
function recoveryCodesFile(codes: string[], email: string): string {
  return [`TEC recovery codes for ${email}`, 'Each code works once, in place of the code from your authenticator app.', '', ...codes, ''].join('\n')
}

/** Shows the ten recovery codes once, with a download; `onDone` when the person has kept them. */
export function RecoveryCodesList({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(codes, email))}`
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Your recovery codes
      </Title>
      <Text size="sm">
        If you lose your phone, each of these codes signs you in once instead of the app&apos;s code. Keep them somewhere safe: they are shown only
        now.
      </Text>
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2 }} spacing={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group>
        <Button component="a" href={href} download="tec-recovery-codes.txt" variant="default">
          Download the codes
        </Button>
        <Button onClick={onDone}>I have kept them</Button>
      </Group>
    </Stack>
  )
}

/**
 * Turning the second step on: a QR code and the secret as text for an authenticator app, confirmed by a code from
 * it; then the recovery codes, once. `onDone` runs when the person has kept them.
 */
export function SecondFactorSetup({ email, onStart, onDone }: { email: string; onStart?: () => void; onDone: () => void }) {
  const { api, auth } = useAppContext()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string | null>(null)
  const secretId = useId()
  const passwordRef = useRef<HTMLInputElement>(null)
  const passwordForm = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (value === '' ? 'Enter your password.' : null) },
  })
  const start = useMutation({
    mutationFn: ({ password }: typeof passwordForm.values) => api.auth.startSecondFactorSetup(password),
    onSuccess: () => {
      // Not kept in the form once it has done its work.
      passwordForm.reset()
      onStart?.()
    },
    onError: (error) => {
      // A message for the field goes beside it; any other shows in the alert above the field.
      showServerErrors(passwordForm, error, () => undefined)
      passwordRef.current?.focus()
    },
  })
  const confirm = useMutation({
    mutationFn: (value: string) => api.auth.confirmSecondFactor(value),
    onSuccess: () => toast.success('The second sign-in step is on'),
    onError: (error) => {
      setCodeError(fieldMessage(error, 'code'))
      // Emptied, so the next code typed in completes the boxes (and sends itself) again.
      setCode('')
    },
  })
  const submit = (value: string) => {
    if (value.length !== CODE_LENGTH) return setCodeError(`Enter all ${CODE_LENGTH} digits of the code.`)
    setCodeError(null)
    confirm.mutate(value)
  }

  // The account reads as set up only once the codes are kept, so the screen does not move on under the person.
  const finish = () => {
    auth.send({ type: 'USER.UPDATE', patch: { secondFactor: true, secondFactorDue: false } })
    void invalidateFamilies(queryClient, userInvalidation)
    onDone()
  }

  if (confirm.data) return <RecoveryCodesList codes={confirm.data.codes} email={email} onDone={finish} />
  if (!start.data) {
    return (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (passwordForm.validate().hasErrors) passwordRef.current?.focus()
          else start.mutate(passwordForm.getValues())
        }}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            You will need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 2FAS. After your password, you will
            enter the 6-digit code it shows.
          </Text>
          {start.isError && !passwordForm.errors.password && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(start.error)}
            </Alert>
          )}
          <PasswordInput
            ref={passwordRef}
            label="Your password"
            description="Asked again, so nobody else can set this up from a browser you left signed in."
            autoComplete="current-password"
            required
            w="100%"
            maw={360}
            {...passwordForm.getInputProps('password')}
          />
          <Button type="submit" loading={start.isPending}>
            Set up the second step
          </Button>
        </Stack>
      </form>
    )
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit(code)
      }}
    >
      <Stack gap="md">
        <List type="ordered" spacing="xs" size="sm">
          <List.Item>In your authenticator app, add an account and scan this QR code.</List.Item>
          <List.Item>If you cannot scan it, type the secret key below into the app instead.</List.Item>
          <List.Item>Enter the 6-digit code the app now shows for TEC.</List.Item>
        </List>
        <Group align="flex-start" gap="lg">
          <div style={{ background: 'white', padding: 8, lineHeight: 0 }}>
            <QRCodeSVG value={start.data.otpauthUri} size={176} title="QR code for your authenticator app" />
          </div>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${secretId}-secret`}>
              Secret key
            </Text>
            <Code fz="md" aria-labelledby={`${secretId}-secret`} data-testid="second-factor-secret" style={{ wordBreak: 'break-all' }}>
              {start.data.secret}
            </Code>
          </Stack>
        </Group>
        <OneTimeCodeField value={code} onChange={setCode} onComplete={(value) => !confirm.isPending && submit(value)} error={codeError} />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            Turn on
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
