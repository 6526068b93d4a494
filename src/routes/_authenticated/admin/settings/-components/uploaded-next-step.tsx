import { Text, VisuallyHidden } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { mediaItemQueryOptions, type MediaItem } from '@/api/media'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'

/**
 * Under a finished upload: the link to add its alt text and caption, or, once its page has saved them (the cached
 * image says so; nothing is fetched here), that it is ready.
 */
export function UploadedNextStep({ item }: { item: MediaItem }) {
  const { api } = useAppContext()
  const { data: latest = item } = useQuery({ ...mediaItemQueryOptions(api.media, item.id), enabled: false })
  const link = (words: string) => (
    <AnchorLink to="/admin/settings/media/$mediaId" params={{ mediaId: item.id }} size="sm">
      {words}
      <VisuallyHidden> for {item.fileName}</VisuallyHidden>
    </AnchorLink>
  )
  if (latest.ready) {
    return (
      <Text size="sm">
        Ready to use. {link('See the image')}
      </Text>
    )
  }
  return link('Add alt text and caption')
}
