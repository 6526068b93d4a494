import { Button, EmptyState } from '@mantine/core'
import { RouterLink } from './router-link'

/** An empty blog: say so, and where news can be had meanwhile. */
export function NoPosts() {
  return (
    <EmptyState title="No news yet" description="Our first stories from lessons and clubs are on their way. Follow the gallery for photos, or ask us to keep you posted.">
      <EmptyState.Actions>
        <Button component={RouterLink} to="/gallery" variant="light">
          See the gallery
        </Button>
        <Button component={RouterLink} to="/contact-us" variant="default">
          Contact us
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  )
}
