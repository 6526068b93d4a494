import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/courses/$courseId')({
  staticData: { title: 'Course details' },
  component: CourseDetailsPage,
})

function CourseDetailsPage() {
  return (
    <SimplePage title="Course details" lead="The details of this course (subjects, schedule and tutor) will be shown here.">
      <Text>You can already ask for a place, and our team will confirm the dates with you.</Text>
      <Group>
        <Button component={RouterLink} to="/course-enroll">
          Enrol in a course
        </Button>
      </Group>
    </SimplePage>
  )
}
