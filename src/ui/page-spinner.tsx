import { Center, Loader, VisuallyHidden } from '@mantine/core'

/** Content height while a page loads on demand. */
export const PAGE_SPINNER_HEIGHT = 400

export function PageSpinner() {
  return (
    <Center h={PAGE_SPINNER_HEIGHT} role="status">
      <Loader aria-hidden />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  )
}
