import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { labelOf } from '@shared/labels'
import type { LessonFigure } from '@/api/lesson-figures'
import { FigureDownload } from './figures-download'
import type { Period } from './figures-period'

/**
 * One figure of the period: its name, a line on what it counts, the chart beside its table (above it when the card
 * is narrow), and the rows behind it as a CSV file.
 */
export function FigureSection({ figure, period, lead, chart, table }: { figure: LessonFigure; period: Period; lead: ReactNode; chart: ReactNode; table: ReactNode }) {
  const titleId = `figure-${figure}-title`
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id={titleId}>
            {labelOf('LessonFigure', figure)}
          </Title>
          <Text size="sm">{lead}</Text>
        </Stack>
        {/* Columns by the card's own width, not the window's, since the navigation takes part of a wide window. */}
        <SimpleGrid type="container" cols={{ base: 1, '640px': 2 }} spacing="xl" verticalSpacing="md">
          {/* The table holds the same numbers, so the picture is hidden from screen readers rather than read twice. */}
          <div aria-hidden="true">{chart}</div>
          <div>{table}</div>
        </SimpleGrid>
        <FigureDownload figure={figure} period={period} />
      </Stack>
    </Card>
  )
}
