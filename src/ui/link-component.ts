import type { CSSProperties, MouseEventHandler, ReactNode, Ref } from 'react'

/** The props a layout gives a link; the app supplies a component that navigates without reloading. */
export interface AppLinkProps {
  to: string
  children?: ReactNode
  className?: string
  style?: CSSProperties
  onClick?: MouseEventHandler<HTMLAnchorElement>
  'aria-label'?: string
  'aria-current'?: 'page' | undefined
  ref?: Ref<HTMLAnchorElement>
}

export type LinkComponent = (props: AppLinkProps) => ReactNode

export interface NavItem {
  to: string
  label: string
  icon?: ReactNode
  /** Active only on this exact path, not below it (for an area's home). */
  exact?: boolean
}

/** Pages listed together under one heading, such as the four ways TEC teaches. */
export interface NavGroup {
  label: string
  items: NavItem[]
}

export function isActive(item: NavItem, pathname: string): boolean {
  if (pathname === item.to) return true
  return !item.exact && pathname.startsWith(`${item.to}/`)
}
