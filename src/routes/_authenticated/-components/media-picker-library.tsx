import { Anchor, Card, Center, Pagination, SimpleGrid, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { mediaListQueryOptions, type MediaItem } from '@/api/media'
import { SearchBox } from '@/ui/back-office/filter-bar'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { mediaListSpec } from './list-specs'
import { MediaImage } from './media-image'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'

const PAGE_SIZE = 12
const GRID_COLS = { base: 2, sm: 3, md: 4 }

/** A ready image: a button named by its alt text, with its caption under it. */
function PickableImage({ item, onPick }: { item: MediaItem; onPick: (item: MediaItem) => void }) {
  return (
    <Card component="li" withBorder padding="xs">
      <Card.Section>
        <UnstyledButton onClick={() => onPick(item)} display="block" w="100%" style={{ cursor: 'pointer' }}>
          <MediaImage item={item} sizes="200px" />
        </UnstyledButton>
      </Card.Section>
      <Text size="xs" c="dimmed" mt="xs" lineClamp={2}>
        {item.caption}
      </Text>
    </Card>
  )
}

/** An image that cannot be picked here: dimmed, with what stands in the way under it. */
function DimmedImage({ item, children }: { item: MediaItem; children: ReactNode }) {
  return (
    <Card component="li" withBorder padding="xs">
      <Card.Section style={{ opacity: 0.55 }}>
        <MediaImage item={item} sizes="200px" />
      </Card.Section>
      <Stack gap={4} mt="xs" align="flex-start">
        {children}
      </Stack>
    </Card>
  )
}

/** An image without its alt text or caption: shown, not pickable, with a way to add them. */
function UnreadyImage({ item, onFix }: { item: MediaItem; onFix: (item: MediaItem) => void }) {
  return (
    <DimmedImage item={item}>
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {item.fileName}
      </Text>
      <StatusBadge color="orange" variant="light" size="sm">
        Needs alt text and caption
      </StatusBadge>
      <Anchor component="button" type="button" size="xs" ta="left" onClick={() => onFix(item)}>
        Add alt text and caption<VisuallyHidden> to {item.fileName}</VisuallyHidden>
      </Anchor>
    </DimmedImage>
  )
}

/** A ready image this screen cannot use again (already in the gallery): shown dimmed, with the reason. */
function UnavailableImage({ item, reason }: { item: MediaItem; reason: string }) {
  return (
    <DimmedImage item={item}>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {item.caption}
      </Text>
      <StatusBadge color="gray" variant="light" size="sm">
        {reason}
      </StatusBadge>
    </DimmedImage>
  )
}

interface PickerLibraryProps {
  onPick: (item: MediaItem) => void
  onFix: (item: MediaItem) => void
  unavailable?: (item: MediaItem) => string | undefined
}

/** One image as the picker offers it: pickable, to be made ready, or not for this screen. */
function LibraryImage({ item, onPick, onFix, unavailable }: { item: MediaItem } & PickerLibraryProps) {
  if (!item.ready) return <UnreadyImage item={item} onFix={onFix} />
  const reason = unavailable?.(item)
  return reason === undefined ? <PickableImage item={item} onPick={onPick} /> : <UnavailableImage item={item} reason={reason} />
}

/** The library in the picker: search, then a page of images; ready ones are buttons, the rest can be made ready. */
export function MediaPickerLibrary({ onPick, onFix, unavailable }: PickerLibraryProps) {
  const { api } = useAppContext()
  const [q, setQ] = useState('')
  const [page, setPage] = useState(1)
  const result = useQuery({ ...mediaListQueryOptions(api.media, { ...(q ? { q } : {}), page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData })
  const pages = result.data ? Math.max(1, Math.ceil(result.data.total / PAGE_SIZE)) : 1

  return (
    <Stack gap="md">
      <SearchBox
        label="Search the library"
        description="By file name, alt text or caption."
        value={q}
        maxLength={mediaListSpec.maxQueryLength}
        onChange={(next) => {
          setQ(next)
          setPage(1)
        }}
      />
      {result.isError ? (
        <LoadFailedAlert what="The library" message={errorMessage(result.error)} onRetry={() => void result.refetch()} />
      ) : result.isPending ? (
        <SimpleGrid cols={GRID_COLS} aria-hidden>
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={120} />
          ))}
        </SimpleGrid>
      ) : result.data.items.length === 0 ? (
        <Text>{q ? 'No images match your search. Check the spelling, or upload the image below.' : 'The library is empty. Upload the first image below.'}</Text>
      ) : (
        <SimpleGrid component="ul" cols={GRID_COLS} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Images in the library" aria-busy={result.isPlaceholderData}>
          {result.data.items.map((item) => (
            <LibraryImage key={item.id} item={item} onPick={onPick} onFix={onFix} unavailable={unavailable} />
          ))}
        </SimpleGrid>
      )}
      {pages > 1 && (
        <Center component="nav" aria-label="Library pages">
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            siblings={0}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}`, 'aria-current': item === page ? 'page' : undefined })}
          />
        </Center>
      )}
    </Stack>
  )
}
