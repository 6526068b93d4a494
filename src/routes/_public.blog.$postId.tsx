import { Anchor, Text } from '@mantine/core'
import { createFileRoute } from '@tanstack/react-router'
import { RouterLink } from './-components/router-link'
import { SimplePage } from './-components/simple-page'

export const Route = createFileRoute('/_public/blog/$postId')({
  staticData: { title: 'Blog' },
  component: BlogPostPage,
})

function BlogPostPage() {
  return (
    <SimplePage title="Blog post" lead="This article is being prepared for publication.">
      <Text>
        In the meantime, browse the{' '}
        <Anchor component={RouterLink} to="/blog">
          other posts on our blog
        </Anchor>
        .
      </Text>
    </SimplePage>
  )
}
