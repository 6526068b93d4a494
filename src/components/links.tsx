import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import type { ComponentPropsWithRef } from 'react'

/**
 * Mantine's Anchor and Button as router links, typed like the router's Link: `to` must name a route of the app
 * and `params` fill its `$` segments, so a link to a page that does not exist fails the type check.
 */
function AnchorElement(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor component="a" {...props} />
}

function ButtonElement(props: ButtonProps & ComponentPropsWithRef<'a'>) {
  return <Button component="a" {...props} />
}

const CreatedAnchorLink = createLink(AnchorElement)
const CreatedButtonLink = createLink(ButtonElement)

/** A text link; preloads the page when the pointer or focus comes to it. */
export const AnchorLink: LinkComponent<typeof AnchorElement> = (props) => <CreatedAnchorLink preload="intent" {...props} />

/** A link that looks like a button ("Enrol in this course", "Add a learner"). */
export const ButtonLink: LinkComponent<typeof ButtonElement> = (props) => <CreatedButtonLink preload="intent" {...props} />
