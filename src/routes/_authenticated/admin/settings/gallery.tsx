import { Alert, Button, EmptyState, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { IconPhoto, IconPhotoPlus } from '@tabler/icons-react'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useCallback, useRef, useState, type RefObject } from 'react'
import { galleryRecordsQueryOptions, type GalleryRecord } from '@/api/gallery-records'
import type { MediaItem } from '@/api/media'
import { queryKeys } from '@/api/query-keys'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { toast } from '@/ui/toasts'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { MediaPicker } from '@/routes/_authenticated/-components/media-picker'
import { useReorder } from '@/routes/_authenticated/-components/reorder'
import { UnsavedChangesGuard } from '@/routes/_authenticated/-components/unsaved-changes-guard'
import { GalleryItemCard, useGalleryRefresh } from './-components/gallery-item-card'
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
  // Which caption takes the focus next (a photo added, or the one after a photo removed), with a count so the
  // same photo can take it twice.
  const [focusRequest, setFocusRequest] = useState<{ id: string; n: number } | null>(null)
  const focusOn = (id: string) => setFocusRequest((last) => ({ id, n: (last?.n ?? 0) + 1 }))
  const addButton = useRef<HTMLButtonElement>(null)
  // Captions being written and not saved yet: leaving the screen asks first.
  const unsaved = useRef(new Set<string>())
  const onDirtyChange = useCallback((id: string, dirty: boolean) => {
    if (dirty) unsaved.current.add(id)
    else unsaved.current.delete(id)
  }, [])
  const reorder = useReorder<GalleryRecord>({
    items: data.items,
    nameOf: (item) => item.fileName,
    save: (ids) => api.galleryRecords.order(ids),
    refresh: queryKeys.gallery.all,
  })
  const shownCount = data.items.filter((item) => item.shown).length
  const hiddenCount = data.items.length - shownCount
  // After a photo is removed the focus goes to the next one's caption (or the one before), or to "Add a photo".
  const afterRemoval = (index: number) => {
    const next = reorder.shown[index + 1] ?? reorder.shown[index - 1]
    if (next) focusOn(next.id)
    else addButton.current?.focus()
  }

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
      <AddPhoto items={data.items} onAdded={focusOn} buttonRef={addButton} />
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
            <GalleryItemCard
              key={item.id}
              item={item}
              index={index}
              count={reorder.shown.length}
              reorder={reorder}
              focusToken={focusRequest?.id === item.id ? focusRequest.n : undefined}
              onDirtyChange={onDirtyChange}
              onRemoved={() => afterRemoval(index)}
            />
          ))}
        </Stack>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {reorder.announcement}
      </VisuallyHidden>
      <UnsavedChangesGuard unsaved={() => unsaved.current.size > 0} />
    </Stack>
  )
}

/** "Add a photo": the media library, where images already in the gallery are marked; the one picked goes at the end. */
function AddPhoto({ items, onAdded, buttonRef }: { items: readonly GalleryRecord[]; onAdded: (id: string) => void; buttonRef: RefObject<HTMLButtonElement | null> }) {
  const { api } = useAppContext()
  const refresh = useGalleryRefresh()
  const [opened, setOpened] = useState(false)
  const inGallery = new Set(items.map((item) => item.mediaId))
  const add = useMutation({
    mutationFn: (item: MediaItem) => api.galleryRecords.add({ mediaId: item.id, shown: true }),
    onSuccess: async (added) => {
      await refresh()
      toast.success(added.shown ? 'Added at the end of the gallery, shown at once' : 'Added at the end of the gallery')
      onAdded(added.id)
    },
    // Added by someone else meanwhile, or gone from the library: the list and the picker show it as it is now.
    onError: refresh,
  })
  return (
    <Stack gap="xs" align="flex-start">
      <Button ref={buttonRef} leftSection={<IconPhotoPlus size={18} aria-hidden />} loading={add.isPending} onClick={() => setOpened(true)}>
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
