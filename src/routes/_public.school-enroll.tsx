import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/school-enroll')({
  staticData: { title: 'Enrol your school' },
  component: SchoolEnrollPage,
})

function SchoolEnrollPage() {
  return (
    <SimplePage title="Enrol your school" lead="Bring TEC tutoring into your school for catch-up, exam preparation or enrichment.">
      <Text>The school enrolment form is being prepared. Meanwhile, our team will gladly plan a programme with you.</Text>
      <Group>
        <Button component={RouterLink} to="/contact-us">
          Contact us
        </Button>
      </Group>
    </SimplePage>
  )
}
