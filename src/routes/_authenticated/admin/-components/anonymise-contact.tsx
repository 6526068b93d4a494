import { IconUserOff } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '@/ui/toasts'
import { useAppContext } from '@/app/use-app-context'
import { ConfirmByNameButton } from './confirm-by-name-dialog'

/**
 * "Anonymise this contact" on Settings → Personal data requests: a parent or other contact person, found by the address
 * they wrote from, after their name (as recorded for the address) is typed. A refusal, such as a learner of theirs
 * still placed, is shown in the dialog with its reason.
 */
export function AnonymiseContact({ email, name }: { email: string; name: string }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  return (
    <ConfirmByNameButton
      label="Anonymise this contact"
      icon={IconUserOff}
      title={`Anonymise ${name}?`}
      name={name}
      goes={[
        'Their name, email and phone on every learner they are the contact for, and in the enrolments they sent',
        'The messages they sent through the contact form (their words too), the old values in the history, and the words of mail sent to them',
      ]}
      kept={['The learners themselves, with their own records, lessons and figures', 'Safeguarding concerns (the law says they are kept)']}
      action="Anonymise"
      onConfirm={(typed) => api.erasure.anonymiseContact(email, typed)}
      onDone={async () => {
        toast.success('Anonymised. The learners keep their own records.')
        // Every screen that showed the contact reads again; this page then finds nothing under the address.
        await queryClient.invalidateQueries()
      }}
    />
  )
}
