import { NotFoundView } from '@/ui/not-found-view'
import { RouterLink } from '@/components/router-link'
import { routeTo } from '@/app/route-to'

export function MessageNotFound() {
  return (
    <NotFoundView
      linkComponent={RouterLink}
      title="We could not find that message"
      message="The address may be mistyped or incomplete. Search the contact messages by name, email or reference instead."
      action={{ to: routeTo({ to: '/admin/contact-messages' }), label: 'Go to contact messages' }}
    />
  )
}
