import classes from './responsive-image.module.css'

/** An image as the API describes it: where it is, its size in pixels and its alternative text. */
export interface ImageSource {
  url: string
  width: number
  height: number
  alt: string
  /** For photos: the same image at several widths, for the browser to choose by `sizes`. */
  srcset?: string
}

interface ResponsiveImageProps {
  image: ImageSource
  /** The first image a visitor sees loads at once; the rest wait until they are scrolled near. */
  eager?: boolean
  rounded?: boolean
  /** Cropped to 3:2, so cards in a row line up whatever shape their images are. */
  cropped?: boolean
  /** How wide the image shows, for choosing from srcset: a card in a grid, or the page's main column. */
  sizes?: string
}

/** The main column of a page: the screen on phones, about 760 px from a tablet up. */
const MAIN_COLUMN = '(min-width: 800px) 760px, 100vw'
/** A card in a grid of three (two on tablets, one on phones). */
export const CARD_SIZES = '(min-width: 1200px) 380px, (min-width: 768px) 50vw, 100vw'

/** An image that reserves its space before it loads (width and height from the API), so nothing below it jumps. */
export function ResponsiveImage({ image, eager = false, rounded = true, cropped = false, sizes = MAIN_COLUMN }: ResponsiveImageProps) {
  return (
    <img
      src={image.url}
      srcSet={image.srcset}
      sizes={image.srcset === undefined ? undefined : sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={classes.image}
      data-rounded={rounded || undefined}
      data-cropped={cropped || undefined}
    />
  )
}
