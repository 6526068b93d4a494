import { createFileRoute, Outlet } from '@tanstack/react-router'
import { validateListSearch } from '@/ui/back-office/list-search'
import { registrationListSpec } from '@/routes/_authenticated/-components/list-specs'

/**
 * The inbox and its detail pages. The inbox's filters live here, on the parent, so a detail page keeps them
 * and "Back to registrations" returns to the same view; invalid values fall back to the defaults.
 */
export const Route = createFileRoute('/_authenticated/admin/registrations')({
  staticData: { title: 'Registrations' },
  validateSearch: (search) => validateListSearch(registrationListSpec, search),
  component: Outlet,
})
