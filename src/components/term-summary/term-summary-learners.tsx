import { Table } from '@mantine/core'
import type { ReactNode } from 'react'
import type { SchoolTermSummary } from '@/api/lesson-figures'
import { TableScroller } from '@/ui/back-office/table-scroller'

type Learner = SchoolTermSummary['learners'][number]['learner']

/** The columns after the learner's name, in the order of each row's cells. */
const COLUMNS = ['Lessons', 'Present', 'Late', 'Absent', 'Attendance'] as const

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 })

/**
 * Each learner's lessons this term and how they attended; a learner never marked has no rate rather than 0%. The
 * office links each name to the learner's record; a school's own page shows the name alone.
 */
export function TermSummaryLearners({ learners, nameOf = (learner) => learner.name }: { learners: SchoolTermSummary['learners']; nameOf?: (learner: Learner) => ReactNode }) {
  return (
    <TableScroller label="Learners this term" minWidth={520}>
      <Table captionSide="top" verticalSpacing="xs">
        <Table.Caption ta="start">Lessons delivered and attendance marks, by learner; attendance counts present and late marks.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Learner</Table.Th>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col" ta="end">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {learners.map(({ learner, lessons, present, late, absent, rate }) => (
            <Table.Tr key={learner.id}>
              <Table.Th scope="row" fw={400}>
                {nameOf(learner)}
              </Table.Th>
              {[lessons, present, late, absent, present + late + absent === 0 ? 'Not marked' : percent.format(rate)].map((value, index) => (
                <Table.Td key={COLUMNS[index]} ta="end">
                  {value}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroller>
  )
}
