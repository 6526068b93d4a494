import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/about')({
  staticData: { title: 'About' },
  component: AboutPage,
})

function AboutPage() {
  return (
    <SimplePage title="About TEC" lead="TEC brings patient, well-prepared teaching to learners wherever they are: at the kitchen table, in the classroom, on a screen or in a community hall.">
      <Text>Our tutors plan every lesson around the learner in front of them, keep families and teachers informed, and measure progress in small, steady steps.</Text>
      <Group>
        <Button component={RouterLink} to="/contact-us">
          Talk to our team
        </Button>
      </Group>
    </SimplePage>
  )
}
