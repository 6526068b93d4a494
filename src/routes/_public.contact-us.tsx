import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/contact-us')({
  staticData: { title: 'Contact us' },
  component: ContactUsPage,
})

function ContactUsPage() {
  return (
    <SimplePage title="Contact us" lead="Questions about lessons, enrolment or tutoring with TEC? Our team answers enquiries Monday to Friday, 9:00 to 17:00.">
      <Text>A contact form will appear here. Until then, families can start with an enrolment form and tutors with the tutor registration.</Text>
      <Group>
        <Button component={RouterLink} to="/subject-enroll">
          Enrol in a subject
        </Button>
        <Button component={RouterLink} to="/tutor-register" variant="light">
          Register as a tutor
        </Button>
      </Group>
    </SimplePage>
  )
}
