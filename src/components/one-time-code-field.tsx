import { Input, PinInput } from '@mantine/core'
import { useId, type ReactNode } from 'react'
import { LIMITS } from '@shared/contract.gen'

export const CODE_LENGTH = LIMITS.OneTimeCode.maxLength

interface OneTimeCodeFieldProps {
  value: string
  onChange: (value: string) => void
  /** Called when the last box is filled: the code sends itself. */
  onComplete?: (value: string) => void
  error: ReactNode
  autoFocus?: boolean
}

/**
 * The authenticator app's code in six boxes, labelled as one field: digits only, a whole pasted code fills them all,
 * and the browser may offer a code it received (`autocomplete="one-time-code"`).
 */
export function OneTimeCodeField({ value, onChange, onComplete, error, autoFocus = false }: OneTimeCodeFieldProps) {
  const id = useId()
  return (
    <Input.Wrapper label="Code from your app" id={id} error={error}>
      <PinInput
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        autoFocus={autoFocus}
        inputMode="numeric"
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of ${CODE_LENGTH}`, 'aria-describedby': id })}
        mt={4}
      />
    </Input.Wrapper>
  )
}
