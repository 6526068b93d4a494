import type { NavGroup, NavItem } from '../../ui/link-component'
import { modes } from './delivery-modes'

export const deliveryModes: NavGroup = {
  label: 'Ways to learn',
  items: modes.map((mode) => ({ to: mode.to, label: mode.label })),
}

export const joinUs: NavGroup = {
  label: 'Join us',
  items: [
    { to: '/subject-enroll', label: 'Enrol in a subject' },
    { to: '/course-enroll', label: 'Enrol in a course' },
    { to: '/school-enroll', label: 'Enrol your school' },
    { to: '/tutor-register', label: 'Become a tutor' },
  ],
}

export const publicPages: NavItem[] = [
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/contact-us', label: 'Contact us' },
]

export const loginItem: NavItem = { to: '/login', label: 'Login' }
