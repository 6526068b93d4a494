import { Card, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { labelOf } from '@shared/labels'
import { mediaItemQueryOptions } from '@/api/media'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDateTime } from '@/ui/format-date-time'
import { AnchorLink } from '@/components/links'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { MediaImage } from '@/routes/_authenticated/-components/media-image'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { NeedsDetailsBadge } from '@/routes/_authenticated/admin/settings/-components/media-card'
import { MediaDelete } from '@/routes/_authenticated/admin/settings/-components/media-delete'
import { MediaDetailsForm } from '@/routes/_authenticated/admin/settings/-components/media-details-form'
import { MediaNotFound } from '@/routes/_authenticated/admin/settings/-components/media-not-found'
import { MediaReplace } from '@/routes/_authenticated/admin/settings/-components/media-replace'
import { MediaUses } from '@/routes/_authenticated/admin/settings/-components/media-uses'
import { formatBytes, MEDIA_ID } from '@/routes/_authenticated/admin/settings/-components/media-words'

export const Route = createFileRoute('/_authenticated/admin/settings/media/$mediaId')({
  staticData: { title: 'Image', notFoundTitle: 'Image not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const item = await loadRecord(queryClient, mediaItemQueryOptions(api.media, params.mediaId), params.mediaId, MEDIA_ID)
    return { title: item.fileName, description: item.ready ? item.alt : 'An image in the media library, still without its alt text and caption' }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: MediaNotFound,
  component: MediaItemPage,
})

/** A titled part of the image's page. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section">
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  )
}

function MediaItemPage() {
  const { api } = useAppContext()
  const { mediaId } = Route.useParams()
  const { data: item } = useSuspenseQuery(mediaItemQueryOptions(api.media, mediaId))
  // Each save and each new file raises the version: the form opens again at the new one.
  const [opening, setOpening] = useState(0)
  const reopen = () => setOpening((count) => count + 1)

  return (
    <DetailLayout
      back={
        <AnchorLink to="/admin/settings/media" search={true}>
          <BackLabel>Back to the media library</BackLabel>
        </AnchorLink>
      }
      title={item.fileName}
      badges={!item.ready && <NeedsDetailsBadge />}
      subtitle={
        <>
          Uploaded <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </>
      }
      actions={<MediaDelete item={item} />}
      aside={
        <>
          <FactCard
            title="The file"
            facts={[
              ['File name', item.fileName],
              ['Type', labelOf('MediaContentType', item.contentType)],
              ['Size', formatBytes(item.bytes)],
              ['Dimensions', `${item.image.width} × ${item.image.height} pixels`],
              ['Uploaded', <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>],
              ['Last changed', item.updatedAt === item.createdAt ? undefined : <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt)}</time>],
            ]}
          />
          <Part title="Where it is used">
            <MediaUses item={item} />
          </Part>
        </>
      }
    >
      <MediaImage item={item} sizes="(min-width: 62em) 60vw, 100vw" full />
      <Part title="Alt text and caption">
        <MediaDetailsForm key={opening} item={item} onSaved={reopen} />
      </Part>
      <Part title="Replace the file">
        <MediaReplace item={item} onReplaced={reopen} />
      </Part>
    </DetailLayout>
  )
}
