import { Container, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { sitePageQueryOptions } from '@/api/site-settings'
import type { PageSlug } from '@/api/site-settings-records'
import { formatDate } from '@/app/format-date'
import { isNeverSaved } from '@/site/site-pages'
import { useAppContext } from '@/app/use-app-context'
import { RetentionSection } from './retention-section'
import { RichTextBody } from '@/components/rich-text-body'

/**
 * One of the site's own pages (the privacy notice, the safeguarding policy, the terms of use) as the office wrote
 * it, with the day it last changed; a page still in the words it came with has no such day to show.
 */
export function SitePageView({ slug }: { slug: PageSlug }) {
  const { api } = useAppContext()
  const { data: page } = useSuspenseQuery(sitePageQueryOptions(api.siteSettings, slug))
  return (
    <Container size="md" py="xl">
      <Stack component="article" gap="lg">
        <Stack gap="xs">
          <Title order={1}>{page.title}</Title>
          {!isNeverSaved(page.updatedAt) && (
            <Text c="dimmed">
              Last updated <time dateTime={page.updatedAt}>{formatDate(page.updatedAt)}</time>
            </Text>
          )}
        </Stack>
        <RichTextBody html={page.bodyHtml} />
        {page.retention && <RetentionSection periods={page.retention} />}
      </Stack>
    </Container>
  )
}
