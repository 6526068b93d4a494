import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/tutor-register')({
  staticData: { title: 'Become a tutor' },
  component: TutorRegisterPage,
})

function TutorRegisterPage() {
  return (
    <SimplePage title="Become a tutor" lead="Share what you know. TEC tutors teach at home, in schools, online and in communities, with training and support from our team.">
      <Text>The tutor registration form is being prepared. Meanwhile, tell us about yourself through the contact page.</Text>
      <Group>
        <Button component={RouterLink} to="/contact-us">
          Contact us
        </Button>
      </Group>
    </SimplePage>
  )
}
