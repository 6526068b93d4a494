import { Box, Button, Group, Modal, Text } from '@mantine/core'
import { useMediaQuery, useWindowEvent } from '@mantine/hooks'
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react'
import type { GalleryItem } from '@/api/gallery'
import { useSwipe } from '@/ui/use-swipe'
import classes from './gallery-viewer.module.css'

interface GalleryViewerProps {
  items: GalleryItem[]
  /** Which photo is shown; kept while closed so the closing animation still shows it. */
  index: number
  opened: boolean
  onNavigate: (index: number) => void
  onClose: () => void
  /** After the viewer has gone: the page puts focus back on the current photo's thumbnail. */
  onClosed: () => void
}

/** One photo at a time, large: arrows, ArrowLeft/ArrowRight, and swipes move through the gallery, wrapping round. */
export function GalleryViewer({ items, index, opened, onNavigate, onClose, onClosed }: GalleryViewerProps) {
  const phone = useMediaQuery('(max-width: 36em)')
  const count = items.length
  const previous = () => onNavigate((index - 1 + count) % count)
  const next = () => onNavigate((index + 1) % count)
  const swipe = useSwipe({ onPrevious: previous, onNext: next })

  useWindowEvent('keydown', (event) => {
    if (!opened || event.defaultPrevented) return
    if (event.key === 'ArrowLeft') previous()
    else if (event.key === 'ArrowRight') next()
  })

  const item = items[index]
  if (!item) return null
  const position = `Photo ${index + 1} of ${count}`

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      returnFocus={false}
      onExitTransitionEnd={onClosed}
      title={<span aria-live="polite">{position}</span>}
      size="xl"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close the photo viewer' }}
    >
      <Box className={classes.stage} {...swipe}>
        <img src={item.image.url} width={item.image.width} height={item.image.height} alt={item.image.alt} className={classes.image} />
      </Box>
      <Text mt="md">{item.caption}</Text>
      <Group justify="space-between" mt="md">
        <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} onClick={previous} disabled={count < 2}>
          Previous photo
        </Button>
        <Button variant="default" rightSection={<IconChevronRight size={16} aria-hidden />} onClick={next} disabled={count < 2}>
          Next photo
        </Button>
      </Group>
    </Modal>
  )
}
