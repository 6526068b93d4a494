import { IconTrash } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { queryKeys } from '@/api/query-keys'
import type { Registration } from '@/api/registrations'
import type { components } from '@/api/schema.gen'
import { toast } from '@/ui/toasts'
import { useAppContext } from '@/app/use-app-context'
import { ConfirmByNameButton } from './confirm-by-name-dialog'

type ContactMessage = components['schemas']['ContactMessage']

/** "Erase" on a registration's page: after it, back to the inbox. */
export function EraseRegistration({ registration }: { registration: Registration }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const made = registration.created?.student ?? registration.created?.school ?? registration.created?.tutor
  return (
    <ConfirmByNameButton
      label="Erase"
      icon={IconTrash}
      title="Erase this registration?"
      name={registration.name}
      goes={['Everything the person sent, its history and the team’s notes', 'The words of mail that quoted its reference']}
      kept={made ? [`The record accepting it made (${made.name}), which keeps its own details`] : ['Nothing else: no record was made from it']}
      action="Erase"
      onConfirm={() => api.erasure.eraseRegistration(registration.id)}
      onDone={async () => {
        toast.success(`Registration ${registration.reference} erased.`)
        queryClient.removeQueries({ queryKey: queryKeys.registrations.detail(registration.id) })
        await queryClient.invalidateQueries({ queryKey: queryKeys.registrations.all })
        await navigate({ to: '/admin/registrations' })
      }}
    />
  )
}

/** "Erase" on a contact message's page: after it, back to the messages. */
export function EraseContactMessage({ message }: { message: ContactMessage }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <ConfirmByNameButton
      label="Erase"
      icon={IconTrash}
      title="Erase this message?"
      name={message.name}
      goes={['The message, who sent it and how to reach them', 'The words of the notification mail that quoted it']}
      kept={['That a message was erased, and by whom, in the audit trail (no words from it)']}
      action="Erase"
      onConfirm={() => api.erasure.eraseContactMessage(message.id)}
      onDone={async () => {
        toast.success(`Message ${message.reference} erased.`)
        queryClient.removeQueries({ queryKey: queryKeys.contactMessages.detail(message.id) })
        await queryClient.invalidateQueries({ queryKey: queryKeys.contactMessages.all })
        await navigate({ to: '/admin/contact-messages' })
      }}
    />
  )
}
