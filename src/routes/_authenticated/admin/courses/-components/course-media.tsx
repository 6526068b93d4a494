import { Button, Group, Image, Input, Text } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import { useId, useRef, useState, type ReactNode } from 'react'
import type { MediaItem } from '../../../../../api/media'
import type { InsertedImage } from '../../../../../ui/back-office/rich-text-editor'
import type { ImageSource } from '../../../../../ui/responsive-image'
import { MediaPicker } from '../../../-components/media-picker'

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

/** The course's image: its thumbnail when chosen, and a button that opens the media library to choose one. */
export function CourseImageField({ label, image, error, onPick }: { label: string; image: ImageSource | null; error?: ReactNode; onPick: (item: MediaItem) => void }) {
  const id = useId()
  const [opened, setOpened] = useState(false)
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  return (
    <Input.Wrapper
      id={id}
      label={label}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description="Shown on the course’s card and at the top of its page. Publishing needs an image with alt text and a caption."
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      withAsterisk
    >
      <Group gap="md" mt={4} align="center" wrap="wrap">
        {image ? (
          <Image src={image.url} alt={image.alt} w={160} h={107} fit="cover" radius="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            No image chosen yet.
          </Text>
        )}
        <Button
          variant="light"
          leftSection={<IconPhoto size={16} aria-hidden />}
          aria-describedby={[error ? errorId : undefined, descriptionId].filter(Boolean).join(' ')}
          onClick={() => setOpened(true)}
        >
          Choose an image
        </Button>
      </Group>
      <MediaPicker
        opened={opened}
        title="Choose the course’s image"
        onClose={() => setOpened(false)}
        onPick={(item) => {
          onPick(item)
          setOpened(false)
        }}
      />
    </Input.Wrapper>
  )
}
