import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/course-enroll')({
  staticData: { title: 'Enrol in a course' },
  component: CourseEnrollPage,
})

function CourseEnrollPage() {
  return (
    <SimplePage title="Enrol in a course" lead="Join one of our online courses taught live by a TEC tutor.">
      <Text>The course enrolment form is being prepared. Meanwhile, our team can enrol you directly.</Text>
      <Group>
        <Button component={RouterLink} to="/contact-us">
          Contact us
        </Button>
      </Group>
    </SimplePage>
  )
}
