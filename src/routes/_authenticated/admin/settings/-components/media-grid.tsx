import { Card, EmptyState, SimpleGrid, Skeleton } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { MediaItemPage } from '@/api/media'
import { errorMessage } from '@/app/server-errors'
import { MediaCard } from './media-card'
import { LoadFailedAlert } from '@/ui/back-office/load-failed-alert'

const COLS = { base: 2, sm: 3, md: 4, lg: 5 }

/** The library's images as cards, with the loading, error and empty states a list table has. */
export function MediaGrid({ result, empty }: { result: UseQueryResult<MediaItemPage>; empty: { title: string; description: ReactNode; action?: ReactNode } }) {
  if (result.isError) {
    return (
      <LoadFailedAlert what="The media library" message={errorMessage(result.error)} onRetry={() => void result.refetch()} />
    )
  }
  if (result.isPending) {
    return (
      <SimpleGrid cols={COLS} aria-hidden>
        {Array.from({ length: 8 }, (_, index) => (
          <Card key={index} withBorder padding="sm">
            <Skeleton h={120} />
            <Skeleton h={12} mt="sm" w="70%" />
          </Card>
        ))}
      </SimpleGrid>
    )
  }
  if (result.data.items.length === 0) {
    return (
      <EmptyState py="xl" icon={<IconPhoto aria-hidden />} withIndicatorBackground title={empty.title} description={empty.description}>
        {empty.action}
      </EmptyState>
    )
  }
  return (
    <SimpleGrid component="ul" cols={COLS} p={0} m={0} style={{ listStyle: 'none', opacity: result.isPlaceholderData ? 0.6 : undefined }} aria-label="Images" aria-busy={result.isPlaceholderData}>
      {result.data.items.map((item) => (
        <MediaCard key={item.id} item={item} />
      ))}
    </SimpleGrid>
  )
}
