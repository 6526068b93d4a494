import { Button, Divider, Stack, Title, VisuallyHidden } from '@mantine/core'
import { useState } from 'react'
import type { MediaItem } from '@/api/media'
import { ActionDialog } from '@/ui/back-office/action-dialog'
import { MediaPickerDetails } from './media-picker-details'
import { MediaPickerLibrary } from './media-picker-library'
import { MediaUploader } from './media-uploader'
import { useMediaUploads } from './media-uploads'

export interface MediaPickerProps {
  opened: boolean
  onClose: () => void
  /** Called with the chosen image, which always has its alt text and caption (`ready`). */
  onPick: (item: MediaItem) => void
  title?: string
  /** Why an image cannot be picked here although it is ready (it is already in the gallery), or nothing. */
  unavailable?: (item: MediaItem) => string | undefined
}

/**
 * A dialog over the media library for the screens that show an image (a course, a post): search it and pick a
 * ready image, or upload one, give it its alt text and caption, and use it. Images still missing either are shown
 * but cannot be picked until they have them.
 */
export function MediaPicker({ opened, onClose, onPick, title = 'Choose an image', unavailable }: MediaPickerProps) {
  return (
    <ActionDialog opened={opened} onClose={onClose} title={title} size="xl">
      {/* Mounted only while open, so each opening starts from the library with no search. */}
      {opened && <MediaPickerBody onPick={onPick} unavailable={unavailable} />}
    </ActionDialog>
  )
}

function MediaPickerBody({ onPick, unavailable }: Pick<MediaPickerProps, 'onPick' | 'unavailable'>) {
  const uploads = useMediaUploads()
  // The image whose alt text and caption are being written before it is used.
  const [editing, setEditing] = useState<MediaItem | null>(null)

  if (editing) {
    return <MediaPickerDetails item={editing} onSaved={onPick} onBack={() => setEditing(null)} />
  }
  return (
    <Stack gap="lg">
      <MediaPickerLibrary onPick={onPick} onFix={setEditing} unavailable={unavailable} />
      <Divider />
      <Stack gap="sm">
        <Title order={3} size="h5">
          Upload new images
        </Title>
        <MediaUploader
          compact
          uploads={uploads}
          afterUpload={(item) => (
            <Button size="xs" variant="light" onClick={() => setEditing(item)} style={{ alignSelf: 'flex-start' }}>
              Add alt text and caption<VisuallyHidden> to {item.fileName}</VisuallyHidden>
            </Button>
          )}
        />
      </Stack>
    </Stack>
  )
}
