import { createFileRoute, Outlet } from '@tanstack/react-router'
import { validateListSearch } from '@/ui/back-office/list-search'
import { mediaListSpec } from '@/routes/_authenticated/-components/list-specs'
import { MediaUploadsProvider } from '@/routes/_authenticated/admin/settings/-components/media-uploads-context'

/** The media library and each image; the library's search and filter live here so "Back" returns to the same view. */
export const Route = createFileRoute('/_authenticated/admin/settings/media')({
  staticData: { title: 'Media library' },
  validateSearch: (search) => validateListSearch(mediaListSpec, search),
  component: MediaSection,
})

function MediaSection() {
  return (
    <MediaUploadsProvider>
      <Outlet />
    </MediaUploadsProvider>
  )
}
