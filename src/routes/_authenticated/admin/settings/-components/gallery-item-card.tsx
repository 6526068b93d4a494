import { Alert, Box, Button, Card, Group, Stack, Switch, Text, Textarea, VisuallyHidden } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { LIMITS } from '@shared/contract.gen'
import { isApiError } from '@/api/errors'
import { galleryRecordsQueryOptions, type GalleryRecord } from '@/api/gallery-records'
import { queryKeys } from '@/api/query-keys'
import { ActionDialog } from '@/ui/back-office/action-dialog'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { toast } from '@/ui/toasts'
import { AnchorLink } from '@/components/links'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { MoveButtons, type useReorder } from '@/routes/_authenticated/-components/reorder'
import classes from '@/routes/_authenticated/-components/media-image.module.css'

/** The caption's limit, from the contract; the server checks it again. */
const CAPTION_MAX = LIMITS.GalleryItemChange.caption.maxLength

/** After any change to the gallery: the office's list, the public gallery and the library's "used by" follow. */
export function useGalleryRefresh() {
  const queryClient = useQueryClient()
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all }), queryClient.invalidateQueries({ queryKey: queryKeys.media.all })])
}

const NO_CAPTION = 'Write the line that goes under the photo on the gallery.'

/**
 * The caption under the photo on /gallery, saved with its own button. The save carries the version of the caption
 * the words were written over, so a caption someone else saved meanwhile is never overwritten unseen: the 409 shows
 * theirs, keeps what was typed, and a second save replaces theirs knowingly. Changes that leave the caption alone
 * (the switch, moves) do not get in the way.
 */
function CaptionForm({ item, name, focusToken, onDirtyChange }: { item: GalleryRecord; name: string; focusToken?: number; onDirtyChange: (id: string, dirty: boolean) => void }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const refresh = useGalleryRefresh()
  const field = useRef<HTMLTextAreaElement>(null)
  const [base, setBase] = useState({ version: item.version, caption: item.caption })
  const [value, setValue] = useState(item.caption)
  const [error, setError] = useState<string | null>(null)
  // After a refused save: the caption someone else saved, which the words in the box would now replace.
  const [theirs, setTheirs] = useState<string | null>(null)
  const dirty = value !== base.caption

  // The saved photo changed: follow its version while its caption is the one the words were written over, and
  // take a new caption into the box unless words are being written there (then the save is refused and says so).
  const [seen, setSeen] = useState({ version: item.version, caption: item.caption })
  if (seen.version !== item.version || seen.caption !== item.caption) {
    setSeen({ version: item.version, caption: item.caption })
    if (item.caption === base.caption) setBase({ version: item.version, caption: item.caption })
    else if (!dirty) {
      setBase({ version: item.version, caption: item.caption })
      setValue(item.caption)
    }
  }

  useEffect(() => {
    onDirtyChange(item.id, dirty)
  }, [item.id, dirty, onDirtyChange])
  useEffect(() => () => onDirtyChange(item.id, false), [item.id, onDirtyChange])
  useEffect(() => {
    if (focusToken !== undefined) field.current?.focus()
  }, [focusToken])

  const save = useMutation({
    mutationFn: (caption: string) => api.galleryRecords.update(item.id, base.version, { caption, shown: item.shown }),
    onSuccess: async (saved) => {
      setBase({ version: saved.version, caption: saved.caption })
      setValue(saved.caption)
      setTheirs(null)
      toast.success('The caption is saved')
      field.current?.focus()
      await refresh()
    },
    onError: async (failure) => {
      if (isApiError(failure) && failure.status === 409) {
        await refresh()
        const fresh = queryClient.getQueryData(galleryRecordsQueryOptions(api.galleryRecords).queryKey)?.items.find((one) => one.id === item.id)
        if (fresh) {
          setBase({ version: fresh.version, caption: fresh.caption })
          setTheirs(fresh.caption)
        }
        return
      }
      if (isApiError(failure) && failure.fields?.caption) setError(failure.fields.caption)
      else toast.error(errorMessage(failure))
      if (isApiError(failure) && failure.status === 404) await refresh()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const caption = value.trim()
    if (caption === '') {
      setError(NO_CAPTION)
      field.current?.focus()
      return
    }
    save.mutate(caption)
  }
  const undo = () => {
    setValue(base.caption)
    setError(null)
    setTheirs(null)
    field.current?.focus()
  }
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="xs" align="flex-start">
        <Textarea
          ref={field}
          w="100%"
          label={
            <>
              Caption <VisuallyHidden>of {name}</VisuallyHidden>
            </>
          }
          description="The line under the photo on the gallery."
          autosize
          minRows={2}
          maxLength={CAPTION_MAX}
          withAsterisk
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value)
            setError(null)
          }}
        />
        {theirs !== null && dirty && (
          <Alert color="yellow" variant="light" role="alert" title="Someone else changed this caption" w="100%">
            While you were writing, this caption was saved as “{theirs}”. Save to replace it with yours, or undo to keep theirs.
          </Alert>
        )}
        {dirty && (
          <Group gap="sm">
            <Button type="submit" size="sm" loading={save.isPending}>
              Save the caption <VisuallyHidden>of {name}</VisuallyHidden>
            </Button>
            <Button size="sm" variant="subtle" onClick={undo}>
              Undo <VisuallyHidden>the change to the caption of {name}</VisuallyHidden>
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  )
}

/** Shown or hidden on /gallery, changed at once; the photo keeps its place either way. */
function ShownSwitch({ item, name }: { item: GalleryRecord; name: string }) {
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
          Show on the gallery <VisuallyHidden>({name})</VisuallyHidden>
        </>
      }
      checked={checked}
      // Not disabled while saving: a disabled control would drop the keyboard's focus.
      aria-busy={change.isPending}
      onChange={(event) => {
        if (!change.isPending) change.mutate(event.currentTarget.checked)
      }}
    />
  )
}

/** Taking a photo out asks first and says that the image stays in the library. */
function RemoveFromGallery({ item, name, onRemoved }: { item: GalleryRecord; name: string; onRemoved: () => void }) {
  const { api } = useAppContext()
  const refresh = useGalleryRefresh()
  const [opened, setOpened] = useState(false)
  const remove = useMutation({
    mutationFn: () => api.galleryRecords.remove(item.id, item.version),
    onSuccess: async () => {
      setOpened(false)
      toast.success('The photo is out of the gallery')
      await refresh()
      onRemoved()
    },
    // Gone already, or changed meanwhile: the dialog says so, and the list shows the photo as it is now.
    onError: refresh,
  })
  const close = () => {
    setOpened(false)
    remove.reset()
  }
  return (
    <>
      <Button size="sm" variant="subtle" color="red" onClick={() => setOpened(true)}>
        Remove from the gallery <VisuallyHidden>({name})</VisuallyHidden>
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
  focusToken,
  onDirtyChange,
  onRemoved,
}: {
  item: GalleryRecord
  index: number
  count: number
  reorder: Pick<ReturnType<typeof useReorder<GalleryRecord>>, 'move' | 'buttonRef'>
  /** Changes when the caption should take the focus: the photo was just added, or the one before it removed. */
  focusToken?: number
  onDirtyChange: (id: string, dirty: boolean) => void
  onRemoved: () => void
}) {
  // Named by its file, which stays the same when photos move, for the controls screen readers hear.
  const name = item.fileName
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
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Group gap="xs" style={{ minWidth: 0 }}>
              <Text fw={700} aria-hidden>
                {index + 1}.
              </Text>
              <StatusBadge color={item.shown ? 'green' : 'gray'}>
                {item.shown ? 'Shown' : 'Hidden'}
              </StatusBadge>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {item.fileName}
              </Text>
            </Group>
            <MoveButtons item={item} name={name} index={index} count={count} reorder={reorder} />
          </Group>
          <CaptionForm item={item} name={name} focusToken={focusToken} onDirtyChange={onDirtyChange} />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              Alt text:
            </Text>{' '}
            {item.image.alt}{' '}
            <AnchorLink to="/admin/settings/media/$mediaId" params={{ mediaId: item.mediaId }} size="sm">
              Change it in the media library <VisuallyHidden>({name})</VisuallyHidden>
            </AnchorLink>
          </Text>
          <Group gap="md" justify="space-between">
            <ShownSwitch item={item} name={name} />
            <RemoveFromGallery item={item} name={name} onRemoved={onRemoved} />
          </Group>
        </Stack>
      </Group>
    </Card>
  )
}
