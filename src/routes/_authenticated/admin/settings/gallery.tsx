import { Alert, Button, EmptyState, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { IconPhoto, IconPhotoPlus } from '@tabler/icons-react'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { galleryRecordsQueryOptions, type GalleryRecord } from '../../../../api/gallery-records'
import type { MediaItem } from '../../../../api/media'
import { queryKeys } from '../../../../api/query-keys'
import { ArticleSkeleton } from '../../../../ui/content-skeleton'
import { toast } from '../../../../ui/toasts'
import { errorMessage } from '../../../-lib/server-errors'
import { useAppContext } from '../../../-lib/use-app-context'
import { MediaPicker } from '../../-components/media-picker'
import { useReorder } from '../../-components/reorder'
import { GalleryItemCard } from './-components/gallery-item-card'
import { PublicPageLink } from './-components/public-page-link'

export const Route = createFileRoute('/_authenticated/admin/settings/gallery')({
  staticData: { title: 'Gallery' },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(galleryRecordsQueryOptions(api.galleryRecords)),
  pendingComponent: ArticleSkeleton,
  component: GalleryPage,
})

function GalleryPage() {
  const { api } = useAppContext()
  const { data } = useSuspenseQuery(galleryRecordsQueryOptions(api.galleryRecords))
  const [justAdded, setJustAdded] = useState<string | null>(null)
  const reorder = useReorder<GalleryRecord>({
    items: data.items,
    nameOf: (item) => `Photo ${data.items.indexOf(item) + 1}`,
    save: (ids) => api.galleryRecords.order(ids),
    refresh: queryKeys.gallery.all,
  })
  const shownCount = data.items.filter((item) => item.shown).length
  const hiddenCount = data.items.length - shownCount

  return (
    <Stack gap="lg" pb="md" maw={960}>
      <Stack gap="xs" maw={720}>
        <Title order={1}>Gallery</Title>
        <Text>
          The photos the public gallery shows, first to last, each with the caption under it. A hidden photo keeps its place here until you show it again. Changes
          show on the site at once.
        </Text>
        <Group gap="md">
          <PublicPageLink path="/gallery">See the gallery</PublicPageLink>
          <Text size="sm" c="dimmed">
            {shownCount} shown · {hiddenCount} hidden
          </Text>
        </Group>
      </Stack>
      <AddPhoto items={data.items} onAdded={setJustAdded} />
      {reorder.error && (
        <Alert color="red" variant="light" role="alert" title="The order was not saved">
          {errorMessage(reorder.error)}
        </Alert>
      )}
      {data.items.length === 0 ? (
        <EmptyState py="xl" icon={<IconPhoto aria-hidden />} withIndicatorBackground title="The gallery is empty" description="Add a photo from the media library: the gallery shows photos in the order you set here, each with its caption." />
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Photos in the gallery, first to last">
          {reorder.shown.map((item, index) => (
            <GalleryItemCard key={item.id} item={item} index={index} count={reorder.shown.length} reorder={reorder} focus={item.id === justAdded} />
          ))}
        </Stack>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {reorder.announcement}
      </VisuallyHidden>
    </Stack>
  )
}

/** "Add a photo": the media library, where images already in the gallery are marked; the one picked goes at the end. */
function AddPhoto({ items, onAdded }: { items: readonly GalleryRecord[]; onAdded: (id: string) => void }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const [opened, setOpened] = useState(false)
  const inGallery = new Set(items.map((item) => item.mediaId))
  const add = useMutation({
    mutationFn: (item: MediaItem) => api.galleryRecords.add({ mediaId: item.id, shown: true }),
    onSuccess: async (added) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all }), queryClient.invalidateQueries({ queryKey: queryKeys.media.all })])
      toast.success(added.shown ? 'Added at the end of the gallery, shown at once' : 'Added at the end of the gallery')
      onAdded(added.id)
    },
  })
  return (
    <Stack gap="xs" align="flex-start">
      <Button leftSection={<IconPhotoPlus size={18} aria-hidden />} loading={add.isPending} onClick={() => setOpened(true)}>
        Add a photo
      </Button>
      {add.isError && (
        <Alert color="red" variant="light" role="alert" title="The photo was not added">
          {errorMessage(add.error)}
        </Alert>
      )}
      <MediaPicker
        opened={opened}
        title="Add a photo to the gallery"
        onClose={() => setOpened(false)}
        unavailable={(item) => (inGallery.has(item.id) ? 'Already in the gallery' : undefined)}
        onPick={(item) => {
          setOpened(false)
          add.reset()
          add.mutate(item)
        }}
      />
    </Stack>
  )
}
