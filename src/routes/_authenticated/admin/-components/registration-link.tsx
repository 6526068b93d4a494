import { Anchor } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { components } from '@/api/schema.gen'

/** A record's way back to the registration it was made from, named by its reference. */
export function RegistrationLink({ registration }: { registration: components['schemas']['RegistrationRef'] }) {
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => <Link {...props} to="/admin/registrations/$registrationId" params={{ registrationId: registration.id }} />}
    >
      {registration.reference}
    </Anchor>
  )
}
