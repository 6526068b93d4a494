import { Card, Stack, Text } from '@mantine/core'
import type { MediaItem } from '@/api/media'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { AnchorLink } from '@/components/links'
import { MediaImage } from '@/routes/_authenticated/-components/media-image'
import { usedIn } from './media-words'

/** "Needs alt text and caption": an image not yet used anywhere until it has both. */
export function NeedsDetailsBadge() {
  return (
    <StatusBadge color="orange" variant="light">
      Needs alt text and caption
    </StatusBadge>
  )
}

/** One image of the library: its picture, its file name linking to its page, whether it is ready, where it is used. */
export function MediaCard({ item }: { item: MediaItem }) {
  return (
    <Card component="li" withBorder padding="sm">
      <Card.Section>
        <MediaImage item={item} sizes="200px" />
      </Card.Section>
      <Stack gap={6} mt="sm" align="flex-start">
        <AnchorLink to="/admin/settings/media/$mediaId" params={{ mediaId: item.id }} search={true} fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {item.fileName}
        </AnchorLink>
        {!item.ready && <NeedsDetailsBadge />}
        <Text size="xs" c="dimmed">
          {usedIn(item.usedBy.length)}
        </Text>
      </Stack>
    </Card>
  )
}
