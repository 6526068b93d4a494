import { List, Text } from '@mantine/core'
import { labelOf } from '@shared/labels'
import type { MediaItem } from '@/api/media'
import { AnchorLink } from '@/components/links'
import { isPageSlug } from '@/site/site-pages'

type MediaUse = MediaItem['usedBy'][number]

/** Where one use is: a link to the course's page, the site page's editor or the gallery; other places are named by their title. */
function UseTitle({ use }: { use: MediaUse }) {
  if (use.kind === 'course_image' || use.kind === 'course_description') {
    return (
      <AnchorLink to="/admin/courses/$courseId" params={{ courseId: use.id }}>
        {use.title}
      </AnchorLink>
    )
  }
  // A site page's use is named by its slug.
  if (use.kind === 'site_page' && isPageSlug(use.id)) {
    return (
      <AnchorLink to="/admin/settings/pages/$pageSlug" params={{ pageSlug: use.id }}>
        {use.title}
      </AnchorLink>
    )
  }
  if (use.kind === 'gallery') return <AnchorLink to="/admin/settings/gallery">{use.title}</AnchorLink>
  return <>{use.title}</>
}

/** Every place on the site that shows the image, with what it is there (a course's image, in a post's text…). */
export function MediaUses({ item }: { item: MediaItem }) {
  if (item.usedBy.length === 0) return <Text size="sm">No page uses this image yet.</Text>
  return (
    <List spacing="xs" size="sm">
      {item.usedBy.map((use) => (
        <List.Item key={`${use.kind}-${use.id}`}>
          <UseTitle use={use} />
          <Text span size="sm" c="dimmed">
            {' '}
            · {labelOf('MediaUseKind', use.kind)}
          </Text>
        </List.Item>
      ))}
    </List>
  )
}
