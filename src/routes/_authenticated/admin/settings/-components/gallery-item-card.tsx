import { Alert, Badge, Box, Button, Card, Group, Stack, Switch, Text, Textarea, VisuallyHidden } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { GalleryRecord } from '../../../../../api/gallery-records'
import { queryKeys } from '../../../../../api/query-keys'
import { ActionDialog } from '../../../../../ui/back-office/action-dialog'
import { toast } from '../../../../../ui/toasts'
import { AnchorLink } from '../../../../-components/links'
import { errorMessage, showServerErrors } from '../../../../-lib/server-errors'
import { useAppContext } from '../../../../-lib/use-app-context'
import { MoveButtons, type useReorder } from '../../../-components/reorder'
import classes from '../../../-components/media-image.module.css'

/** Caption rules the form checks before sending; the server checks them again. */
const CAPTION_MAX = 500

/** After any change to the gallery: the office's list, the public gallery and the library's "used by" follow. */
function useGalleryRefresh() {
  const queryClient = useQueryClient()
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all }), queryClient.invalidateQueries({ queryKey: queryKeys.media.all })])
}

/** The caption under the photo on /gallery, saved on its own with "Save the caption". */
function CaptionForm({ item, place, focus }: { item: GalleryRecord; place: string; focus: boolean }) {
  const { api } = useAppContext()
  const refresh = useGalleryRefresh()
  const field = useRef<HTMLTextAreaElement>(null)
  const form = useForm({
    mode: 'controlled',
    initialValues: { caption: item.caption },
    validate: { caption: (value) => (value.trim() === '' ? 'Write the line that goes under the photo on the gallery.' : null) },
  })
  // A photo just added takes the focus here, so its caption can be written at once.
  useEffect(() => {
    if (focus) field.current?.focus()
  }, [focus])
  const save = useMutation({
    mutationFn: (caption: string) => api.galleryRecords.update(item.id, item.version, { caption, shown: item.shown }),
    onSuccess: async (saved) => {
      form.setInitialValues({ caption: saved.caption })
      form.setValues({ caption: saved.caption })
      form.resetDirty({ caption: saved.caption })
      toast.success('The caption is saved')
      await refresh()
    },
    onError: (error) => showServerErrors(form, error),
  })
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values.caption.trim()))}>
      <Stack gap="xs" align="flex-start">
        <Textarea
          ref={field}
          w="100%"
          label={
            <>
              Caption <VisuallyHidden>of {place}</VisuallyHidden>
            </>
          }
          description="The line under the photo on the gallery."
          autosize
          minRows={2}
          maxLength={CAPTION_MAX}
          withAsterisk
          {...form.getInputProps('caption')}
        />
        {form.isDirty() && (
          <Group gap="sm">
            <Button type="submit" size="sm" loading={save.isPending}>
              Save the caption <VisuallyHidden>of {place}</VisuallyHidden>
            </Button>
            <Button size="sm" variant="subtle" onClick={() => form.reset()}>
              Undo <VisuallyHidden>the change to the caption of {place}</VisuallyHidden>
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  )
}

/** Shown or hidden on /gallery, changed at once; the photo keeps its place either way. */
function ShownSwitch({ item, place }: { item: GalleryRecord; place: string }) {
  const { api } = useAppContext()
  const refresh = useGalleryRefresh()
  const change = useMutation({
    mutationFn: (shown: boolean) => api.galleryRecords.update(item.id, item.version, { caption: item.caption, shown }),
    onSuccess: async (saved) => {
      toast.success(saved.shown ? 'The photo shows on the gallery' : 'The photo is hidden from the gallery')
      await refresh()
    },
    onError: async (error) => {
      toast.error(errorMessage(error))
      await refresh()
    },
  })
  const checked = change.isPending ? (change.variables ?? item.shown) : item.shown
  return (
    <Switch
      label={
        <>
          Show on the gallery <VisuallyHidden>({place})</VisuallyHidden>
        </>
      }
      checked={checked}
      disabled={change.isPending}
      onChange={(event) => change.mutate(event.currentTarget.checked)}
    />
  )
}

/** Taking a photo out asks first and says that the image stays in the library. */
function RemoveFromGallery({ item, place }: { item: GalleryRecord; place: string }) {
  const { api } = useAppContext()
  const refresh = useGalleryRefresh()
  const [opened, setOpened] = useState(false)
  const remove = useMutation({
    mutationFn: () => api.galleryRecords.remove(item.id, item.version),
    onSuccess: async () => {
      setOpened(false)
      toast.success('The photo is out of the gallery')
      await refresh()
    },
  })
  const close = () => {
    setOpened(false)
    remove.reset()
  }
  return (
    <>
      <Button size="sm" variant="subtle" color="red" onClick={() => setOpened(true)}>
        Remove from the gallery <VisuallyHidden>({place})</VisuallyHidden>
      </Button>
      <ActionDialog opened={opened} onClose={close} title="Remove this photo from the gallery?">
        <Stack gap="md">
          <Text>“{item.caption}” goes from the gallery. The image stays in the media library, so it can be added again.</Text>
          {remove.isError && (
            <Alert color="red" variant="light" role="alert" title="The photo was not removed">
              {errorMessage(remove.error)}
            </Alert>
          )}
          <Group gap="sm">
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              Remove the photo
            </Button>
            <Button variant="default" onClick={close}>
              Keep it
            </Button>
          </Group>
        </Stack>
      </ActionDialog>
    </>
  )
}

/**
 * One photo of the gallery, in its place: the picture, whether it shows, its caption (edited here), its alt text
 * (the library's, changed there), Move up and Move down, and Remove.
 */
export function GalleryItemCard({
  item,
  index,
  count,
  reorder,
  focus,
}: {
  item: GalleryRecord
  index: number
  count: number
  reorder: Pick<ReturnType<typeof useReorder<GalleryRecord>>, 'move' | 'buttonRef'>
  /** The photo was just added: its caption takes the focus. */
  focus: boolean
}) {
  const place = `photo ${index + 1}`
  return (
    <Card component="li" withBorder padding="sm">
      <Group align="flex-start" gap="md" wrap="wrap">
        <Box w={{ base: '100%', xs: 200 }} style={{ flexShrink: 0 }} opacity={item.shown ? 1 : 0.6}>
          {/* Its alt text is written out beside it, so the thumbnail is not described twice. */}
          <img
            src={item.image.url}
            srcSet={item.image.srcset}
            sizes={item.image.srcset === undefined ? undefined : '(max-width: 36em) 100vw, 200px'}
            width={item.image.width}
            height={item.image.height}
            alt=""
            loading="lazy"
            decoding="async"
            className={classes.image}
          />
        </Box>
        <Stack gap="sm" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap="xs">
              <Text fw={700} aria-hidden>
                {index + 1}.
              </Text>
              <Badge variant="dot" color={item.shown ? 'green' : 'gray'} tt="none">
                {item.shown ? 'Shown' : 'Hidden'}
              </Badge>
            </Group>
            <MoveButtons item={item} name={place} index={index} count={count} reorder={reorder} />
          </Group>
          <CaptionForm item={item} place={place} focus={focus} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              Alt text:
            </Text>{' '}
            {item.image.alt}{' '}
            <AnchorLink to="/admin/settings/media/$mediaId" params={{ mediaId: item.mediaId }} size="sm">
              Change it in the media library <VisuallyHidden>({item.fileName})</VisuallyHidden>
            </AnchorLink>
          </Text>
          <Group gap="md" justify="space-between">
            <ShownSwitch item={item} place={place} />
            <RemoveFromGallery item={item} place={place} />
          </Group>
        </Stack>
      </Group>
    </Card>
  )
}
