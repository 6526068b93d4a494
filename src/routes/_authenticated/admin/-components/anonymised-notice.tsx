import { Alert } from '@mantine/core'
import { formatDateTime } from '@/ui/format-date-time'

/**
 * Said at the top of an anonymised learner's or tutor's page, where its edit and other changes used to be: what is
 * left is kept for the counts, and the server refuses any change to it.
 */
export function AnonymisedNotice({ at, what }: { at: string; what: 'learner' | 'tutor' }) {
  return (
    <Alert color="gray" variant="light" title="This record was anonymised">
      Its personal details were replaced on <time dateTime={at}>{formatDateTime(at)}</time>. What is left is kept so that lessons and figures keep their counts, and
      it can no longer be changed{what === 'learner' ? ' or placed with a tutor' : ''}.
    </Alert>
  )
}
