import { Typography } from '@mantine/core'
import { useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import classes from './rich-text-body.module.css'

/**
 * Rich text from the back office: a post's body or a course's description. The server sanitised this HTML when it
 * was saved (SECURITY.md), so it is shown as stored. Links within the site navigate in the app instead of
 * reloading the page.
 */
export function RichTextBody({ html }: { html: string }) {
  const router = useRouter()

  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = event.target instanceof Element ? event.target.closest('a') : null
    if (!link || link.target || link.origin !== window.location.origin) return
    event.preventDefault()
    void router.navigate({ href: `${link.pathname}${link.search}${link.hash}` })
  }

  return <Typography className={classes.body} onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: html }} />
}
