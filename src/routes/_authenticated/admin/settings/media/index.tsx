import { Button, Stack, Text, Title } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { mediaListQueryOptions } from '@/api/media'
import { FilterBar, SearchBox, SegmentedFilter } from '@/ui/back-office/filter-bar'
import { ListPagination } from '@/ui/back-office/list-pagination'
import { resolveListSearch } from '@/ui/back-office/list-search'
import { useAppContext } from '@/app/use-app-context'
import { useListSearch } from '@/routes/_authenticated/-components/list-page'
import { mediaListSpec } from '@/routes/_authenticated/-components/list-specs'
import { MediaUploader } from '@/routes/_authenticated/-components/media-uploader'
import { MediaGrid } from '@/routes/_authenticated/admin/settings/-components/media-grid'
import { useLibraryUploads } from '@/routes/_authenticated/admin/settings/-components/media-uploads-context'
import { mediaApiQuery } from '@/routes/_authenticated/admin/settings/-components/media-words'
import { UploadedNextStep } from '@/routes/_authenticated/admin/settings/-components/uploaded-next-step'

export const Route = createFileRoute('/_authenticated/admin/settings/media/')({
  loaderDeps: ({ search }) => resolveListSearch(mediaListSpec, search),
  // Started here so the images are on their way while the page renders; the grid shows its own loading state.
  loader: ({ context: { queryClient, api }, deps }) => {
    void queryClient.prefetchQuery(mediaListQueryOptions(api.media, mediaApiQuery(deps)))
  },
  component: MediaLibraryPage,
})

const READY_OPTIONS = [
  { value: 'yes', label: 'Ready' },
  { value: 'no', label: 'Needs details' },
] as const

function MediaLibraryPage() {
  const { api } = useAppContext()
  const list = useListSearch(mediaListSpec, Route.useSearch(), Route.useNavigate())
  const { query } = list
  const result = useQuery({ ...mediaListQueryOptions(api.media, mediaApiQuery(query)), placeholderData: keepPreviousData })
  const uploads = useLibraryUploads()
  const total = result.data?.total

  return (
    <Stack gap="lg" pb="md">
      <Stack gap="xs" maw={720}>
        <Title order={1}>Media library</Title>
        <Text>
          The photos and drawings the site shows, newest first. Pages use an image only once it has alt text and a caption, so add them after each upload.
        </Text>
      </Stack>
      <MediaUploader
        uploads={uploads}
        afterUpload={(item) => <UploadedNextStep item={item} />}
      />
      <FilterBar>
        <SegmentedFilter label="Alt text and caption" options={READY_OPTIONS} value={query.ready} onChange={(ready) => list.change({ ready })} />
        <SearchBox
          label="Search the library"
          description="By file name, alt text or caption."
          value={query.q ?? ''}
          maxLength={mediaListSpec.maxQueryLength}
          onChange={(q) => list.change({ q: q === '' ? undefined : q })}
        />
      </FilterBar>
      <MediaGrid
        result={result}
        empty={
          total !== undefined && total > 0
            ? {
                title: `There is no page ${query.page} for this view`,
                description: `This view has ${total} ${total === 1 ? 'image' : 'images'}, on fewer pages.`,
                action: (
                  <Button variant="light" onClick={() => list.change({ page: 1 })}>
                    Go to the first page
                  </Button>
                ),
              }
            : list.filtered
              ? {
                  title: 'No images match',
                  description: 'Check the spelling, search by another word of the alt text or caption, or show every image.',
                  action: (
                    <Button variant="light" onClick={list.clear}>
                      Clear filters
                    </Button>
                  ),
                }
              : {
                  title: 'No images yet',
                  description: 'Upload the first photo: drop it on the box above, or press Choose files. Then add its alt text and caption so pages can use it.',
                }
        }
      />
      {total !== undefined && total > 0 && (
        <ListPagination
          label="Media library pages"
          page={query.page}
          pageSize={query.pageSize}
          total={total}
          pageSizes={mediaListSpec.pageSizes}
          onPageChange={(page) => list.change({ page })}
          onPageSizeChange={(pageSize) => list.change({ pageSize })}
        />
      )}
    </Stack>
  )
}
