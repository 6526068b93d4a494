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
  /** Other sections the item stands for, active there too (the inbox's contact messages). */
  also?: string[]
  /** A count shown beside the label, such as new registrations, with the words screen readers hear after it. */
  count?: { value: number; words: string }
}

/** Pages listed together under one heading, such as the four ways TEC teaches. */
export interface NavGroup {
  label: string
  items: NavItem[]
}

export function isActive(item: NavItem, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some((to) => pathname === to || (!item.exact && pathname.startsWith(`${to}/`)))
}
