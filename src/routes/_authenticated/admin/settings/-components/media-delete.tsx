import { useNavigate } from '@tanstack/react-router'
import type { MediaItem } from '@/api/media'
import { queryKeys } from '@/api/query-keys'
import { useAppContext } from '@/app/use-app-context'
import { DeleteRecord } from '@/routes/_authenticated/-components/delete-record'
import { usedIn } from './media-words'

/** Deleting an image asks first; one the site still uses is refused (409), and the dialog gives the server's reason. */
export function MediaDelete({ item }: { item: MediaItem }) {
  const { api } = useAppContext()
  const navigate = useNavigate()
  const uses = item.usedBy.length
  return (
    <DeleteRecord
      verb="Delete"
      noun="image"
      name={item.fileName}
      explanation={
        uses === 0
          ? 'The image goes from the library for good. No page uses it.'
          : `${usedIn(uses)} on the site: take it off ${uses === 1 ? 'that page' : 'those pages'} first, or the library keeps it.`
      }
      remove={() => api.media.remove(item.id, item.version)}
      recordKey={queryKeys.media.detail(item.id)}
      listKey={queryKeys.media.all}
      leave={() => navigate({ to: '/admin/settings/media', search: true })}
    />
  )
}
