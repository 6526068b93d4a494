import { EmptyState } from '@mantine/core'
import { ButtonLink } from '@/components/links'

/** An empty blog: say so, and where news can be had meanwhile. */
export function NoPosts() {
  return (
    <EmptyState title="No news yet" description="Our first stories from lessons and clubs are on their way. Follow the gallery for photos, or ask us to keep you posted.">
      <EmptyState.Actions>
        <ButtonLink to="/gallery" variant="light">
          See the gallery
        </ButtonLink>
        <ButtonLink to="/contact-us" variant="default">
          Contact us
        </ButtonLink>
      </EmptyState.Actions>
    </EmptyState>
  )
}
