import { Fieldset } from '@mantine/core'
import { useHydrated } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * A form's controls, disabled until the page answers input. A server-rendered page shows its forms before its script
 * has run: what someone typed then would not reach the form's state, and the browser would send the form itself,
 * putting what was typed (a password) in the address. Pressing Enter does nothing while the button is disabled.
 */
export function ReadyFields({ children }: { children: ReactNode }) {
  return (
    <Fieldset variant="unstyled" m={0} disabled={!useHydrated()}>
      {children}
    </Fieldset>
  )
}
