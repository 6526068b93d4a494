import { TextInput } from '@mantine/core'
import { isApiError } from '@/api/errors'
import { isDay } from './report-words'

// The tutor, learner and school pickers are the office's shared ones (admin/-components/record-filters.tsx).
export { LearnerFilter, SchoolFilter, TutorFilter } from '@/routes/_authenticated/admin/-components/record-filters'

/**
 * The first and last day of the lessons shown. A browser's date box reports a day only once it is whole, so each
 * change goes straight to the address; the server's word on a period it refuses shows under the box it is about.
 */
export function PeriodFilter({
  from,
  to,
  onChange,
  error,
}: {
  from: string | undefined
  to: string | undefined
  onChange: (period: { from?: string | undefined; to?: string | undefined }) => void
  error: unknown
}) {
  const fields = isApiError(error) ? error.fields : undefined
  const day = (value: string) => (isDay(value) ? value : undefined)
  return (
    <>
      <TextInput
        type="date"
        label="From"
        description="Lessons on or after this day"
        value={from ?? ''}
        max={to}
        error={fields?.from}
        onChange={(event) => onChange({ from: day(event.currentTarget.value) })}
        w={{ base: '100%', xs: 200 }}
      />
      <TextInput
        type="date"
        label="To"
        description="Lessons on or before this day"
        value={to ?? ''}
        min={from}
        error={fields?.to}
        onChange={(event) => onChange({ to: day(event.currentTarget.value) })}
        w={{ base: '100%', xs: 200 }}
      />
    </>
  )
}
