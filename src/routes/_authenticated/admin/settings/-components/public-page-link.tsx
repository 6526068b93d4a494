import { Anchor, VisuallyHidden } from '@mantine/core'
import { IconExternalLink } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/**
 * A page of the public site opened from the office: in a new tab, so the editor stays where it was. The icon
 * shows it and screen readers hear it.
 */
export function PublicPageLink({ path, children }: { path: string; children: ReactNode }) {
  return (
    <Anchor href={path} target="_blank" rel="noopener" inline>
      {children} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  )
}
