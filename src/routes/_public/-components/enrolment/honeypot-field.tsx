import { TextInput, VisuallyHidden } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'

/** A trap for bots that fill in every field: people and assistive technology never meet it (as on the contact form). */
export function HoneypotField({ form }: { form: UseFormReturnType<{ website: string }> }) {
  return (
    <VisuallyHidden aria-hidden>
      <TextInput label="Website" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
    </VisuallyHidden>
  )
}
