import { Box, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { Course } from '@/api/courses'
import { modeCopy } from '@/site/delivery-modes'
import classes from './course-facts.module.css'
import { AnchorLink } from '@/components/links'

/** The practical facts of a course as a description list: who it suits, when, how long, where, and the cost. */
export function CourseFacts({ course }: { course: Course }) {
  const facts: { term: string; detail: ReactNode }[] = [
    { term: 'Level', detail: course.level },
    { term: 'Subjects', detail: course.subjects.join(', ') },
    { term: 'Duration', detail: course.duration },
    { term: 'Schedule', detail: course.schedule },
    {
      term: 'Ways to take it',
      detail: (
        <Group component="span" gap="xs">
          {course.modes.map((mode) => (
            <AnchorLink key={mode} to={modeCopy[mode].to}>
              {modeCopy[mode].label}
            </AnchorLink>
          ))}
        </Group>
      ),
    },
    { term: 'Cost', detail: course.cost },
    ...(course.capacity === undefined ? [] : [{ term: 'Places', detail: `${course.capacity} on each run` }]),
  ]
  return (
    <Box component="dl" className={classes.list}>
      {facts.map((fact) => (
        <div key={fact.term} className={classes.fact}>
          <Text component="dt" fw={700} size="sm">
            {fact.term}
          </Text>
          <Text component="dd" size="sm" className={classes.detail}>
            {fact.detail}
          </Text>
        </div>
      ))}
    </Box>
  )
}
