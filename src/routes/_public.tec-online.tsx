import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/tec-online')({
  staticData: { title: 'TEC online' },
  component: TecOnlinePage,
})

function TecOnlinePage() {
  return (
    <SimplePage title="TEC online" lead="Live online lessons and courses, so learners can study with TEC wherever they have a connection.">
      <Text>Courses run in short terms with a live tutor, shared notes and practice between sessions.</Text>
      <Group>
        <Button component={RouterLink} to="/course-enroll">
          Enrol in a course
        </Button>
      </Group>
    </SimplePage>
  )
}
