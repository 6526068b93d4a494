import { Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/gallery')({
  staticData: { title: 'Gallery' },
  component: GalleryPage,
})

function GalleryPage() {
  return (
    <SimplePage title="Gallery" lead="Moments from lessons, school programmes and community sessions across TEC.">
      <Text>Photos from recent sessions will be published here soon.</Text>
    </SimplePage>
  )
}
