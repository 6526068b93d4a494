import { Stack, Text, Title } from '@mantine/core'
import { longLessonDay } from '@shared/lesson-time'
import type { SchoolTermSummary } from '@/api/lesson-figures'
import classes from './term-summary-print.module.css'

type Excerpt = SchoolTermSummary['excerpts'][number]
type Learner = SchoolTermSummary['learners'][number]['learner']

/** The excerpts by learner, in the table's order (by name); a learner with lessons but no approved report keeps a place. */
function byLearner(learners: Learner[], excerpts: Excerpt[]): { learner: Learner; excerpts: Excerpt[] }[] {
  const groups = new Map(learners.map((learner) => [learner.id, { learner, excerpts: [] as Excerpt[] }]))
  for (const excerpt of excerpts) {
    const group = groups.get(excerpt.learner.id) ?? { learner: excerpt.learner, excerpts: [] }
    group.excerpts.push(excerpt)
    groups.set(excerpt.learner.id, group)
  }
  return [...groups.values()]
}

/**
 * What the tutors wrote about each learner's progress, from the reports the office approved: the part of a report a
 * school may read. The text is the tutor's own, shown as plain text with their line breaks.
 */
export function TermSummaryExcerpts({ summary }: { summary: SchoolTermSummary }) {
  const groups = byLearner(
    summary.learners.map(({ learner }) => learner),
    summary.excerpts,
  )
  return (
    <Stack gap="lg">
      {groups.map(({ learner, excerpts }) => (
        <Stack key={learner.id} gap="xs">
          <Title order={3} size="h4" className={classes.learnerName}>
            {learner.name}
          </Title>
          {excerpts.length === 0 ? (
            <Text size="sm">No report on this learner’s lessons has been approved for this term yet.</Text>
          ) : (
            <Stack component="ul" gap="md" className={classes.excerpts}>
              {excerpts.map((excerpt) => (
                <li key={excerpt.lessonId} className={classes.excerpt}>
                  <Text size="sm" fw={600}>
                    <time dateTime={excerpt.date}>{longLessonDay(excerpt.date)}</time>: {excerpt.subject} with {excerpt.tutor}
                  </Text>
                  <Text className={classes.progress}>{excerpt.progress}</Text>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      ))}
    </Stack>
  )
}
