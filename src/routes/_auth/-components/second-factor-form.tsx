import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { useSelector } from '@xstate/react'
import { useEffect, useState, type FormEvent } from 'react'
import { LIMITS } from '@shared/contract.gen'
import type { AuthActor } from '@/machines/auth.machine'
import { selectAuthError, selectIsVerifyingSecondFactor } from '@/machines/auth.selectors'
import { CODE_LENGTH, OneTimeCodeField } from '@/components/one-time-code-field'


/**
 * The second step of signing in: the 6-digit code from the authenticator app (whole-code paste works, digits only,
 * the browser may fill it from a message), or one of the recovery codes instead.
 */
export function SecondFactorForm({ auth }: { auth: AuthActor }) {
  const verifying = useSelector(auth, selectIsVerifyingSecondFactor)
  const error = useSelector(auth, selectAuthError)
  const [useRecovery, setUseRecovery] = useState(false)
  const [code, setCode] = useState('')
  const [recoveryCode, setRecoveryCode] = useState('')
  const [missing, setMissing] = useState<string | null>(null)

  // A refused code is emptied from the boxes, so the next one typed completes them (and sends itself) again.
  useEffect(() => {
    const failed = auth.on('secondFactorFailed', () => setCode(''))
    return () => failed.unsubscribe()
  }, [auth])

  const submitCode = (value: string) => {
    if (value.length !== CODE_LENGTH) {
      setMissing(`Enter all ${CODE_LENGTH} digits of the code.`)
      return
    }
    setMissing(null)
    auth.send({ type: 'SECOND_FACTOR.SUBMIT', code: value })
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!useRecovery) return submitCode(code)
    if (recoveryCode.trim() === '') return setMissing('Enter one of your recovery codes.')
    setMissing(null)
    auth.send({ type: 'SECOND_FACTOR.SUBMIT', recoveryCode: recoveryCode.trim() })
  }
  const shown = missing ?? error

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <div>
          <Title order={1}>Enter your code</Title>
          <Text c="dimmed">
            {useRecovery
              ? 'Type one of the recovery codes you saved when you set up the second step. Each works once.'
              : 'Open your authenticator app and enter the 6-digit code it shows for TEC.'}
          </Text>
        </div>
        {useRecovery ? (
          <TextInput
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={recoveryCode}
            onChange={(event) => setRecoveryCode(event.currentTarget.value)}
            error={shown}
            maxLength={LIMITS.RecoveryCode.maxLength}
            data-autofocus
          />
        ) : (
          <OneTimeCodeField value={code} onChange={setCode} onComplete={(value) => !verifying && submitCode(value)} error={shown} autoFocus />
        )}
        <Button type="submit" fullWidth loading={verifying}>
          Verify
        </Button>
        <Stack gap={4} align="center">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseRecovery(!useRecovery)
              setMissing(null)
            }}
          >
            {useRecovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => auth.send({ type: 'SECOND_FACTOR.CANCEL' })}>
            Back to sign in
          </Anchor>
        </Stack>
      </Stack>
    </form>
  )
}
