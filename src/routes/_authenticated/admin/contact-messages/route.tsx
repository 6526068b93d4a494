import { createFileRoute, Outlet } from '@tanstack/react-router'
import { validateListSearch } from '@/ui/back-office/list-search'
import { contactMessageListSpec } from '@/routes/_authenticated/-components/list-specs'

/** The contact messages and each one in full; the list's filters live here so "Back" returns to the same view. */
export const Route = createFileRoute('/_authenticated/admin/contact-messages')({
  staticData: { title: 'Contact messages' },
  validateSearch: (search) => validateListSearch(contactMessageListSpec, search),
  component: Outlet,
})
