import { VisuallyHidden } from '@mantine/core'
import type { LinkComponent } from './link-component'
import classes from './logo.module.css'

/**
 * The TEC mark and wordmark. The mark is decoration; the wordmark is real text, so a link wrapping the logo
 * is named by what it shows ("TEC Education and tutoring") and reads the same to everyone.
 */
export function Logo({ height = 40, withWordmark = true }: { height?: number; withWordmark?: boolean }) {
  return (
    <span className={classes.logo} style={{ fontSize: height * 0.42 }}>
      <svg aria-hidden="true" focusable="false" width={height} height={height} viewBox="0 0 40 40" xmlns="http://www.w3.org/2000/svg">
        <rect width="40" height="40" rx="9" fill="#020065" />
        {/* An open book under a rising arc: learning that reaches out from home, school and community. */}
        <path d="M8 27c4-2.2 8-2.2 12 0 4-2.2 8-2.2 12 0V15c-4-2.2-8-2.2-12 0-4-2.2-8-2.2-12 0z" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
        <path d="M20 15v12" stroke="#fff" strokeWidth="2.2" />
        <path d="M11 11.5c5.5-4.5 12.5-4.5 18 0" fill="none" stroke="#8fa2ff" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      {withWordmark ? (
        <span className={classes.wordmark}>
          <span className={classes.name}>TEC</span>{' '}
          <span className={classes.tagline}>Education and tutoring</span>
        </span>
      ) : (
        <VisuallyHidden>TEC</VisuallyHidden>
      )}
    </span>
  )
}

/** The logo as the link home that every layout starts with. */
export function LogoLink({ linkComponent: Link, height }: { linkComponent: LinkComponent; height?: number }) {
  return (
    <Link to="/" className={classes.link}>
      <Logo height={height} />
    </Link>
  )
}
