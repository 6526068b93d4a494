import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/subject-enroll')({
  staticData: { title: 'Enrol in a subject' },
  component: SubjectEnrollPage,
})

function SubjectEnrollPage() {
  return (
    <SimplePage title="Enrol in a subject" lead="Choose a subject and tell us about the learner, and we will match them with a tutor.">
      <Text>The enrolment form is being prepared. Meanwhile, our team can enrol you directly.</Text>
      <Group>
        <Button component={RouterLink} to="/contact-us">
          Contact us
        </Button>
      </Group>
    </SimplePage>
  )
}
