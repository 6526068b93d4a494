import classes from './responsive-image.module.css'

/** An image as the API describes it: where it is, its size in pixels and its alternative text. */
export interface ImageSource {
  url: string
  width: number
  height: number
  alt: string
}

interface ResponsiveImageProps {
  image: ImageSource
  /** The first image a visitor sees loads at once; the rest wait until they are scrolled near. */
  eager?: boolean
  rounded?: boolean
  /** Cropped to 3:2, so cards in a row line up whatever shape their images are. */
  cropped?: boolean
}

/** An image that reserves its space before it loads (width and height from the API), so nothing below it jumps. */
export function ResponsiveImage({ image, eager = false, rounded = true, cropped = false }: ResponsiveImageProps) {
  return (
    <img
      src={image.url}
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
