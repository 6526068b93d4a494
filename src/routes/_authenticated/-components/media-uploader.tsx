import { Button, Group, Progress, Stack, Text } from '@mantine/core'
import '@mantine/dropzone/styles.css'
import { Dropzone } from '@mantine/dropzone'
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react'
import { useRef, type ReactNode } from 'react'
import type { MediaItem } from '@/api/media'
import { MEDIA_ACCEPT, MEDIA_MAX_BYTES, type MediaUpload, type MediaUploads } from './media-uploads'

/** What the list of uploads says as a whole, for screen readers as it changes. */
function summary(uploads: MediaUpload[]): string {
  const count = (status: MediaUpload['status']) => uploads.filter((upload) => upload.status === status).length
  const busy = count('waiting') + count('sending')
  const done = count('done')
  const failed = count('failed')
  const parts = [busy > 0 ? `Uploading ${busy} ${busy === 1 ? 'file' : 'files'}.` : '', done > 0 ? `${done} uploaded.` : '', failed > 0 ? `${failed} not uploaded.` : '']
  return parts.filter(Boolean).join(' ')
}

function UploadRow({ upload, afterUpload }: { upload: MediaUpload; afterUpload: (item: MediaItem, upload: MediaUpload) => ReactNode }) {
  const percent = Math.round(upload.progress * 100)
  return (
    <Stack component="li" gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {upload.fileName}
        </Text>
        <Text size="sm" c={upload.status === 'failed' ? 'red' : upload.status === 'done' ? 'teal' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {upload.status === 'waiting' ? 'Waiting' : upload.status === 'sending' ? `${percent}%` : upload.status === 'done' ? 'Uploaded' : 'Not uploaded'}
        </Text>
      </Group>
      {(upload.status === 'waiting' || upload.status === 'sending') && <Progress value={percent} size="sm" aria-label={`${upload.fileName}: ${percent}% uploaded`} />}
      {upload.status === 'failed' && (
        <Text size="sm" c="red">
          {upload.error}
        </Text>
      )}
      {upload.status === 'done' && upload.item && afterUpload(upload.item, upload)}
    </Stack>
  )
}

/**
 * Drop images, or choose them, to add them to the library: several at once, each sent on its own with its progress,
 * then "Uploaded" and what to do next (`afterUpload`), or the reason it was refused.
 */
export function MediaUploader({ uploads, afterUpload, compact = false }: { uploads: MediaUploads; afterUpload: (item: MediaItem, upload: MediaUpload) => ReactNode; compact?: boolean }) {
  const openRef = useRef<() => void>(null)
  const finished = uploads.uploads.some((upload) => upload.status === 'done' || upload.status === 'failed')

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={uploads.add}
        onReject={uploads.reject}
        accept={MEDIA_ACCEPT}
        maxSize={MEDIA_MAX_BYTES}
        openRef={openRef}
        // A drop target for the mouse (a click opens the file chooser too); keyboards use the Choose files button
        // below, so the box is not a second, unlabelled control in the tab order.
        activateOnKeyboard={false}
      >
        <Group justify="center" gap="md" mih={compact ? 72 : 120} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={36} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fw={500}>
              Drop images here, or click to choose them
            </Text>
            <Text size="sm" c="dimmed">
              JPEG, PNG, WebP, AVIF or SVG, up to 20 MB each. Several at once are fine.
            </Text>
          </div>
        </Group>
      </Dropzone>
      <Group gap="sm">
        <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => openRef.current?.()}>
          Choose files
        </Button>
        {finished && (
          <Button variant="subtle" onClick={uploads.clearFinished}>
            Clear finished uploads
          </Button>
        )}
      </Group>
      <Text size="sm" aria-live="polite" role="status">
        {summary(uploads.uploads)}
      </Text>
      {uploads.uploads.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Uploads">
          {uploads.uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} afterUpload={afterUpload} />
          ))}
        </Stack>
      )}
    </Stack>
  )
}
