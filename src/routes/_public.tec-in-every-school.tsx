import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/tec-in-every-school')({
  staticData: { title: 'TEC in every school' },
  component: TecInEverySchoolPage,
})

function TecInEverySchoolPage() {
  return (
    <SimplePage title="TEC in every school" lead="Support for schools: small-group catch-up sessions, exam preparation and help for teachers with mixed-ability classes.">
      <Text>Schools choose the subjects and year groups; TEC provides the tutors and regular progress reports.</Text>
      <Group>
        <Button component={RouterLink} to="/school-enroll">
          Enrol your school
        </Button>
      </Group>
    </SimplePage>
  )
}
