import { Group, NativeSelect } from '@mantine/core'
import { optionsOf } from '@shared/labels'
import type { SchoolTermName } from '@shared/lesson-time'
import { yearChoices, type SchoolTerm } from '@/routes/_authenticated/admin/-components/term-summary-terms'

/**
 * Which term the summary covers: the term and its calendar year, each a native select (a phone's own picker, and
 * the arrow keys on a desktop). A choice shows that term at once; the summary stays on the page meanwhile.
 */
export function TermSummaryChooser({ chosen, today, onChoose }: { chosen: SchoolTerm; today: string; onChoose: (term: SchoolTerm) => void }) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-start">
      <NativeSelect
        label="Term"
        w={{ base: '100%', xs: 200 }}
        data={optionsOf('SchoolTerm')}
        value={chosen.term}
        onChange={(event) => onChoose({ ...chosen, term: event.currentTarget.value as SchoolTermName })}
      />
      <NativeSelect
        label="Year"
        w={{ base: '100%', xs: 120 }}
        data={yearChoices(chosen.year, today).map(String)}
        value={String(chosen.year)}
        onChange={(event) => onChoose({ ...chosen, year: Number(event.currentTarget.value) })}
      />
    </Group>
  )
}
