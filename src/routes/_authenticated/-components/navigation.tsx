import { IconBook, IconCalendar, IconChartBar, IconFileText, IconHome, IconSchool, IconSettings, IconUserCheck, IconUsers, IconClipboardList } from '@tabler/icons-react'
import type { NavItem } from '@/ui/link-component'
import { routeTo } from '@/app/route-to'

const icon = { size: 18, 'aria-hidden': true } as const

export const adminNavigation: NavItem[] = [
  { to: routeTo({ to: '/admin' }), label: 'Dashboard', icon: <IconHome {...icon} />, exact: true },
  { to: routeTo({ to: '/admin/calendar' }), label: 'Calendar', icon: <IconCalendar {...icon} /> },
  { to: routeTo({ to: '/admin/students' }), label: 'Learners', icon: <IconUsers {...icon} /> },
  { to: routeTo({ to: '/admin/tutors' }), label: 'Tutors', icon: <IconUserCheck {...icon} /> },
  { to: routeTo({ to: '/admin/reports' }), label: 'Reports', icon: <IconChartBar {...icon} /> },
  { to: routeTo({ to: '/admin/schools' }), label: 'Schools', icon: <IconSchool {...icon} /> },
  { to: routeTo({ to: '/admin/registrations' }), label: 'Registrations', icon: <IconClipboardList {...icon} />, also: [routeTo({ to: '/admin/contact-messages' })] },
  { to: routeTo({ to: '/admin/blogs' }), label: 'Blog', icon: <IconFileText {...icon} /> },
  { to: routeTo({ to: '/admin/courses' }), label: 'Courses', icon: <IconBook {...icon} /> },
  { to: routeTo({ to: '/admin/settings' }), label: 'Settings', icon: <IconSettings {...icon} /> },
]

export const tutorNavigation: NavItem[] = [
  { to: routeTo({ to: '/tutor' }), label: 'Dashboard', icon: <IconHome {...icon} />, exact: true },
  { to: routeTo({ to: '/tutor/calendar' }), label: 'Calendar', icon: <IconCalendar {...icon} /> },
  { to: routeTo({ to: '/tutor/students' }), label: 'Learners', icon: <IconUsers {...icon} /> },
  { to: routeTo({ to: '/tutor/reports' }), label: 'Reports', icon: <IconChartBar {...icon} /> },
  { to: routeTo({ to: '/tutor/settings' }), label: 'Settings', icon: <IconSettings {...icon} /> },
]
