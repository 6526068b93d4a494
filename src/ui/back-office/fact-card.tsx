import { Card, DataList, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './fact-card.module.css'

/** One fact of a record: its label, and its value in words, or nothing (then it is left out). */
export type Fact = readonly [label: string, value: ReactNode | undefined | null]

/** A titled card of a record's facts, label beside value (under it on a phone); empty facts are left out. */
export function FactCard({ title, facts, headingLevel = 2 }: { title: string; facts: readonly Fact[]; headingLevel?: 2 | 3 }) {
  const shown = facts.filter(([, value]) => value !== undefined && value !== null && value !== '')
  if (shown.length === 0) return null
  return (
    <Card withBorder padding="md" component="section">
      <Title order={headingLevel} size={headingLevel === 2 ? 'h3' : 'h4'} mb="sm">
        {title}
      </Title>
      <DataList orientation="horizontal" labelWidth="11rem" withDivider classNames={{ item: classes.item, itemValue: classes.value }}>
        {shown.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Card>
  )
}
