import type { NavGroup, NavItem } from '@/ui/link-component'
import { modes } from './delivery-modes'
import { routeTo } from '@/app/route-to'

export const deliveryModes: NavGroup = {
  label: 'Ways to learn',
  items: modes.map((mode) => ({ to: mode.to, label: mode.label })),
}

export const joinUs: NavGroup = {
  label: 'Join us',
  items: [
    { to: routeTo({ to: '/subject-enroll' }), label: 'Enrol in a subject' },
    { to: routeTo({ to: '/course-enroll' }), label: 'Enrol in a course' },
    { to: routeTo({ to: '/school-enroll' }), label: 'Enrol your school' },
    { to: routeTo({ to: '/tutor-register' }), label: 'Become a tutor' },
  ],
}

export const publicPages: NavItem[] = [
  { to: routeTo({ to: '/courses' }), label: 'Courses' },
  { to: routeTo({ to: '/about' }), label: 'About' },
  { to: routeTo({ to: '/blog' }), label: 'Blog' },
  { to: routeTo({ to: '/gallery' }), label: 'Gallery' },
  { to: routeTo({ to: '/contact-us' }), label: 'Contact us' },
]

export const loginItem: NavItem = { to: routeTo({ to: '/login' }), label: 'Sign in' }
