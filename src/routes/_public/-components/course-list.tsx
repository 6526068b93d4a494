import { EmptyState, Grid } from '@mantine/core'
import type { CourseSummary } from '@/api/courses'
import { CourseCard } from './course-card'
import { ButtonLink } from '@/components/links'

/** The cards of the first row on a desktop load at once; the rest wait until they are scrolled near. */
const EAGER_CARDS = 3

/** Courses as cards, or what to do next when there are none. */
export function CourseList({ courses, emptyTitle }: { courses: CourseSummary[]; emptyTitle: string }) {
  if (courses.length === 0) {
    return (
      <EmptyState title={emptyTitle} description="New courses start every term. Tell us what you are looking for and we will let you know when it opens.">
        <EmptyState.Actions>
          <ButtonLink to="/contact-us" variant="light">
            Ask about courses
          </ButtonLink>
        </EmptyState.Actions>
      </EmptyState>
    )
  }
  return (
    <Grid>
      {courses.map((course, index) => (
        <Grid.Col key={course.id} span={{ base: 24, sm: 12, md: 8 }}>
          <CourseCard course={course} eager={index < EAGER_CARDS} />
        </Grid.Col>
      ))}
    </Grid>
  )
}
