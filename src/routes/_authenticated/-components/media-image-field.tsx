import { Button, Group, Image, Input, Stack, Text } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import { useId, useRef, useState, type ReactNode } from 'react'
import type { MediaItem } from '@/api/media'
import type { InsertedImage } from '@/ui/back-office/rich-text-editor'
import type { ImageSource } from '@/ui/responsive-image'
import { MediaPicker } from './media-picker'

/**
 * The media picker as a question the rich-text editor can await: `ask` opens it and resolves with the image picked
 * (its address and alt text), or nothing when the dialog is closed. `picker` is the dialog, to render once.
 */
export function useImagePrompt(title: string): { ask: () => Promise<InsertedImage | undefined>; picker: ReactNode } {
  const [opened, setOpened] = useState(false)
  const pending = useRef<((image: InsertedImage | undefined) => void) | null>(null)
  const settle = (image: InsertedImage | undefined) => {
    pending.current?.(image)
    pending.current = null
    setOpened(false)
  }
  const ask = () =>
    new Promise<InsertedImage | undefined>((resolve) => {
      pending.current?.(undefined)
      pending.current = resolve
      setOpened(true)
    })
  const picker = <MediaPicker opened={opened} title={title} onClose={() => settle(undefined)} onPick={(item) => settle({ src: item.image.url, alt: item.alt })} />
  return { ask, picker }
}

/**
 * A record's one image (a course's picture, a post's cover): its thumbnail and alt text when chosen, and a button
 * that opens the media library to choose one. The alt text is the library's, so it is shown here but changed there.
 */
export function MediaImageField({
  label,
  description,
  pickerTitle,
  image,
  error,
  required = false,
  onPick,
  onRemove,
}: {
  label: string
  description: ReactNode
  /** The media picker's title, such as "Choose the course’s image". */
  pickerTitle: string
  image: ImageSource | null
  error?: ReactNode
  /** Shows the asterisk: a record that cannot be saved, or published, without an image. */
  required?: boolean
  onPick: (item: MediaItem) => void
  /** Offered when an image may be taken off again (a draft's cover); none when one is always needed. */
  onRemove?: () => void
}) {
  const id = useId()
  const [opened, setOpened] = useState(false)
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const describedBy = [error ? errorId : undefined, descriptionId].filter(Boolean).join(' ')
  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      withAsterisk={required}
    >
      <Group gap="md" mt={4} align="center" wrap="wrap">
        {image ? (
          <Group gap="sm" align="flex-start" wrap="wrap">
            {/* Its alt text is shown beside it, so the thumbnail itself is not described twice. */}
            <Image src={image.url} alt="" w={160} h={107} fit="cover" radius="sm" />
            <Stack gap={2} maw={320}>
              <Text size="sm" fw={500}>
                Alt text
              </Text>
              <Text size="sm">{image.alt}</Text>
            </Stack>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No image chosen yet.
          </Text>
        )}
        <Group gap="sm">
          <Button variant="light" leftSection={<IconPhoto size={16} aria-hidden />} aria-describedby={describedBy} onClick={() => setOpened(true)}>
            {image ? 'Choose another image' : 'Choose an image'}
          </Button>
          {image && onRemove && (
            <Button variant="subtle" color="red" aria-describedby={describedBy} onClick={onRemove}>
              Remove the image
            </Button>
          )}
        </Group>
      </Group>
      <MediaPicker
        opened={opened}
        title={pickerTitle}
        onClose={() => setOpened(false)}
        onPick={(item) => {
          onPick(item)
          setOpened(false)
        }}
      />
    </Input.Wrapper>
  )
}
