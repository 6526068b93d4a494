import { SimpleGrid, Text } from '@mantine/core'
import type { SiteSettings } from '@/api/site-settings'
import classes from './figures.module.css'

/**
 * The headline numbers from the site settings, as a description list: label, then value, for screen readers.
 * Each dt/dd pair sits in one div, the only wrapper a <dl> allows.
 */
export function Figures({ figures }: { figures: SiteSettings['figures'] }) {
  if (figures.length === 0) return null
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} className={classes.list}>
      {figures.map((figure) => (
        <div key={figure.label} className={classes.figure}>
          <Text component="dt" size="sm">
            {figure.label}
          </Text>
          <Text component="dd" className={classes.value}>
            {figure.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  )
}
