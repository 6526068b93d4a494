import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/tec-in-every-home')({
  staticData: { title: 'TEC in every home' },
  component: TecInEveryHomePage,
})

function TecInEveryHomePage() {
  return (
    <SimplePage title="TEC in every home" lead="One-to-one tutoring at home, at a time that suits the family, with a tutor matched to the learner.">
      <Text>Lessons follow the school curriculum and the learner's own pace. Parents receive short reports after each block of lessons.</Text>
      <Group>
        <Button component={RouterLink} to="/subject-enroll">
          Enrol in a subject
        </Button>
      </Group>
    </SimplePage>
  )
}
