import type { MediaItem } from '@/api/media'
import classes from './media-image.module.css'

/**
 * A library image at the size it shows (`sizes`, for choosing from its srcset), with its alt text: empty until the
 * office writes it, so an image without one is passed over by screen readers beside its file name.
 */
export function MediaImage({ item, sizes, full = false }: { item: MediaItem; sizes: string; full?: boolean }) {
  return (
    <img
      src={item.image.url}
      srcSet={item.image.srcset}
      sizes={item.image.srcset === undefined ? undefined : sizes}
      width={item.image.width}
      height={item.image.height}
      alt={item.alt}
      loading={full ? 'eager' : 'lazy'}
      decoding="async"
      className={classes.image}
      data-full={full || undefined}
    />
  )
}
