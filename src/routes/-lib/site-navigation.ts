import type { NavItem } from '../../ui/link-component'

export const deliveryModes: NavItem[] = [
  { to: '/tec-in-every-home', label: 'TEC in every home' },
  { to: '/tec-in-every-school', label: 'TEC in every school' },
  { to: '/tec-online', label: 'TEC online' },
  { to: '/tec-in-every-community', label: 'TEC in every community' },
]

export const publicPages: NavItem[] = [
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/contact-us', label: 'Contact us' },
]

export const loginItem: NavItem = { to: '/login', label: 'Login' }
