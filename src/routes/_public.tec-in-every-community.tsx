import { Button, Group, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/tec-in-every-community')({
  staticData: { title: 'TEC in every community' },
  component: TecInEveryCommunityPage,
})

function TecInEveryCommunityPage() {
  return (
    <SimplePage title="TEC in every community" lead="Free and low-cost learning sessions with community partners: homework clubs, reading circles and adult learning.">
      <Text>Community groups can invite TEC to run sessions in their own spaces. Contact us to start a conversation.</Text>
      <Group>
        <Button component={RouterLink} to="/contact-us">
          Contact us
        </Button>
      </Group>
    </SimplePage>
  )
}
