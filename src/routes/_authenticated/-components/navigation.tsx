import { IconBook, IconChartBar, IconFileText, IconHome, IconSchool, IconSettings, IconUserCheck, IconUsers, IconClipboardList } from '@tabler/icons-react'
import type { NavItem } from '../../../ui/link-component'

const icon = { size: 18, 'aria-hidden': true } as const

export const adminNavigation: NavItem[] = [
  { to: '/admin', label: 'Dashboard', icon: <IconHome {...icon} />, exact: true },
  { to: '/admin/students', label: 'Students', icon: <IconUsers {...icon} /> },
  { to: '/admin/tutors', label: 'Tutors', icon: <IconUserCheck {...icon} /> },
  { to: '/admin/reports', label: 'Reports', icon: <IconChartBar {...icon} /> },
  { to: '/admin/schools', label: 'Schools', icon: <IconSchool {...icon} /> },
  { to: '/admin/registrations', label: 'Registrations', icon: <IconClipboardList {...icon} /> },
  { to: '/admin/blogs', label: 'Blogs', icon: <IconFileText {...icon} /> },
  { to: '/admin/courses', label: 'Courses', icon: <IconBook {...icon} /> },
  { to: '/admin/settings', label: 'Settings', icon: <IconSettings {...icon} /> },
]

export const tutorNavigation: NavItem[] = [
  { to: '/tutor', label: 'Dashboard', icon: <IconHome {...icon} />, exact: true },
  { to: '/tutor/students', label: 'Students', icon: <IconUsers {...icon} /> },
  { to: '/tutor/reports', label: 'Reports', icon: <IconChartBar {...icon} /> },
  { to: '/tutor/settings', label: 'Settings', icon: <IconSettings {...icon} /> },
]
