import { Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/blog/')({
  staticData: { title: 'Blog' },
  component: BlogPage,
})

function BlogPage() {
  return (
    <SimplePage title="Blog" lead="Stories from our classrooms, study tips for learners and news from the TEC team.">
      <Text>New posts are being prepared. Please check back soon.</Text>
    </SimplePage>
  )
}
