import { Alert } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import type { StudentRecord } from '@/api/students'
import { AnchorLink } from '@/components/links'
import { useIsSafeguardingLead } from '@/routes/_authenticated/admin/-components/concern-leads-only'

/**
 * That a safeguarding concern about the learner is on record, so nobody acts unaware of it; what it says is for the
 * designated safeguarding leads alone, who are pointed to the concerns (need-to-know).
 */
export function ConcernOnRecord({ student }: { student: StudentRecord }) {
  const lead = useIsSafeguardingLead()
  if (!student.hasConcern) return null
  return (
    <Alert role="note" color="red" variant="light" icon={<IconLock size={18} aria-hidden />} title="Safeguarding concern on record">
      {lead ? (
        <>
          A tutor raised a safeguarding concern about {student.fields.name}. Read it and record what was done in{' '}
          <AnchorLink to="/admin/reports/concerns" search={{ status: 'all' }}>
            Safeguarding concerns
          </AnchorLink>
          .
        </>
      ) : (
        'The designated safeguarding leads have the details.'
      )}
    </Alert>
  )
}
