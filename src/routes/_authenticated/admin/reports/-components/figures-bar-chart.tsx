import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import classes from './figures-chart.module.css'

/** One bar: what it counts, how many, and its colour when the bars of a chart differ (a `--figures-*` colour). */
export interface FigureBar {
  label: string
  value: number
  color?: 'var(--figures-good)' | 'var(--figures-warning)' | 'var(--figures-bad)'
}

/** Beyond this many bars (a long period's months) the numbers on them would collide; the table still has them. */
const MOST_LABELLED_BARS = 12

/** Names longer than this are shortened on the chart; the table beside it has them in full. */
const LONGEST_NAME = 18
const shortName = (name: string) => (name.length > LONGEST_NAME ? `${name.slice(0, LONGEST_NAME - 1)}…` : name)

/**
 * Counts as bars: upright ones (`columns`, for months and a few kinds), or lying ones with room for names (`rows`,
 * for tutors and schools). It is a picture for the eye only: the section hides it from assistive technology and
 * gives the same numbers in a table, so the chart's own keyboard layer is turned off.
 */
export function FigureBarChart({ bars, layout = 'columns', valueName = 'Lessons' }: { bars: FigureBar[]; layout?: 'columns' | 'rows'; valueName?: string }) {
  const rows = layout === 'rows'
  return (
    <BarChart
      className={classes.chart}
      h={rows ? Math.max(120, bars.length * 36 + 40) : 260}
      data={bars}
      dataKey="label"
      series={[{ name: 'value', label: valueName, color: 'var(--figures-bar)' }]}
      orientation={rows ? 'vertical' : 'horizontal'}
      withBarValueLabel={bars.length <= MOST_LABELLED_BARS}
      accessibilityLayer={false}
      maxBarWidth={rows ? 28 : 56}
      gridAxis={rows ? 'y' : 'x'}
      barChartProps={{ margin: rows ? { top: 0, right: 40, bottom: 0, left: 0 } : { top: 24, right: 8, bottom: 0, left: 0 } }}
      xAxisProps={rows ? { allowDecimals: false } : undefined}
      yAxisProps={rows ? { width: 130, tickFormatter: shortName } : { allowDecimals: false, width: 40 }}
    />
  )
}
