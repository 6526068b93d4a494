import { IconUserOff } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import type { components } from '@/api/schema.gen'
import type { StudentRecord } from '@/api/students'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { formatDateTime } from '@/ui/format-date-time'
import { toast } from '@/ui/toasts'
import { useAppContext } from '@/app/use-app-context'
import { ConfirmByNameButton } from './confirm-by-name-dialog'

type TutorRecord = components['schemas']['TutorRecord']
type SchoolContact = components['schemas']['SchoolContact']

/** After anonymising, every screen that showed the person reads again, and the page's title with them. */
function useAfterAnonymising() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return async (message: string) => {
    toast.success(message)
    await queryClient.invalidateQueries()
    await router.invalidate()
  }
}

/** Shown instead of the button once a record is anonymised. */
function AnonymisedBadge({ at }: { at: string }) {
  return (
    <StatusBadge color="gray" variant="light" size="lg" title={`Anonymised ${formatDateTime(at)}`}>
      Anonymised
    </StatusBadge>
  )
}

const KEPT_COUNTS = 'Lessons, attendance, placements and figures, so every count stays right'

/** "Anonymise" on a learner's page, or the badge saying it was. */
export function AnonymiseStudent({ student }: { student: StudentRecord }) {
  const { api } = useAppContext()
  const done = useAfterAnonymising()
  if (student.anonymisedAt) return <AnonymisedBadge at={student.anonymisedAt} />
  return (
    <ConfirmByNameButton
      label="Anonymise"
      icon={IconUserOff}
      title={`Anonymise ${student.fields.name}?`}
      name={student.fields.name}
      goes={[
        'The learner’s name (shown as “Anonymised learner” and a code from now on), school, address, availability, goals, needs and notes',
        'The contact’s name, email and phone on this record, and everything personal in the registration it came from',
        'What one-to-one lesson reports say, lesson places, placement notes and end reasons',
        'The old values in the history, and the words of mail sent to or about them',
      ]}
      kept={[KEPT_COUNTS, 'Age, year group, subjects and level', 'Safeguarding concerns, their words and their link to the learner (the law says they are kept)']}
      action="Anonymise"
      onConfirm={(typed) => api.erasure.anonymiseStudent(student.id, typed)}
      onDone={() => done('Anonymised. Lessons and figures keep their counts; safeguarding concerns are kept.')}
    />
  )
}

/** "Anonymise" on a tutor's page, or the badge saying it was. */
export function AnonymiseTutor({ tutor }: { tutor: TutorRecord }) {
  const { api } = useAppContext()
  const done = useAfterAnonymising()
  if (tutor.anonymisedAt) return <AnonymisedBadge at={tutor.anonymisedAt} />
  return (
    <ConfirmByNameButton
      label="Anonymise"
      icon={IconUserOff}
      title={`Anonymise ${tutor.fields.name}?`}
      name={tutor.fields.name}
      goes={[
        'The tutor’s name and email (they can never sign in again), their password, sessions and second step',
        'Phone, postcode, travel area, qualifications, experience, office notes and check reference numbers',
        'Everything personal in their application, the old values in the history, and the words of mail sent to them',
      ]}
      kept={[KEPT_COUNTS, 'The lessons and reports they gave, and the concerns they raised, still under this tutor']}
      action="Anonymise"
      onConfirm={(typed) => api.erasure.anonymiseTutor(tutor.id, typed)}
      onDone={() => done('Anonymised. The account is closed; lessons and figures keep their counts.')}
    />
  )
}

/** "Anonymise" for one of a school's contacts: they leave the list. */
export function AnonymiseSchoolContact({ schoolId, index, contact }: { schoolId: string; index: number; contact: SchoolContact }) {
  const { api } = useAppContext()
  const done = useAfterAnonymising()
  return (
    <ConfirmByNameButton
      label={`Anonymise ${contact.name}`}
      icon={IconUserOff}
      size="xs"
      title={`Anonymise ${contact.name}?`}
      name={contact.name}
      goes={[
        'This contact, from the school’s list (the next contact becomes the main one)',
        'Their name, email and phone wherever else they appear: the school’s enrolment, the history and mail',
      ]}
      kept={['The school, its other contacts, its safeguarding lead and its learners']}
      action="Anonymise"
      onConfirm={(typed) => api.erasure.anonymiseSchoolContact(schoolId, index, typed)}
      onDone={() => done('Anonymised. The contact is no longer on the school’s list.')}
    />
  )
}
