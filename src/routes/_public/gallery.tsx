import { Container, EmptyState, Grid, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { galleryQueryOptions } from '@/api/gallery'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { CARD_SIZES, ResponsiveImage } from '@/ui/responsive-image'
import classes from './-components/gallery-grid.module.css'
import { GalleryViewer } from './-components/gallery-viewer'
import { ButtonLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'

/** Thumbnails in the first rows are in view on arrival; the rest load as the visitor scrolls. */
const EAGER_THUMBNAILS = 3

export const Route = createFileRoute('/_public/gallery')({
  staticData: {
    title: 'Gallery',
    loadFailure: 'the gallery',
    description: 'Photos from TEC lessons at home, school programmes, online classes and community clubs.',
  },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(galleryQueryOptions(api.gallery)),
  pendingComponent: () => <ContentSkeleton cards={6} />,
  component: GalleryPage,
})

function GalleryPage() {
  const { api } = useAppContext()
  const { data } = useSuspenseQuery(galleryQueryOptions(api.gallery))
  const [viewer, setViewer] = useState({ index: 0, opened: false })
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([])

  return (
    <Container py="xl">
      <Stack gap="xl">
        <Stack gap="md" maw={720}>
          <Title order={1}>Gallery</Title>
          <Text size="lg">Moments from lessons, school programmes and community sessions across TEC. Choose a photo to see it larger.</Text>
        </Stack>
        {data.items.length === 0 ? (
          <EmptyState title="No photos yet" description="Photos from our sessions will appear here soon. Meanwhile, read about our work on the blog.">
            <EmptyState.Actions>
              <ButtonLink to="/blog" variant="light">
                Read the blog
              </ButtonLink>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Grid>
            {data.items.map((item, index) => (
              <Grid.Col key={item.id} span={{ base: 24, sm: 12, md: 8 }}>
                <figure className={classes.figure}>
                  <UnstyledButton
                    ref={(element) => {
                      thumbnails.current[index] = element
                    }}
                    className={classes.thumbnail}
                    onClick={() => setViewer({ index, opened: true })}
                    aria-haspopup="dialog"
                  >
                    <ResponsiveImage image={item.image} eager={index < EAGER_THUMBNAILS} cropped sizes={CARD_SIZES} />
                  </UnstyledButton>
                  <Text component="figcaption" size="sm" mt="xs">
                    {item.caption}
                  </Text>
                </figure>
              </Grid.Col>
            ))}
          </Grid>
        )}
      </Stack>
      <GalleryViewer
        items={data.items}
        index={viewer.index}
        opened={viewer.opened}
        onNavigate={(index) => setViewer({ index, opened: true })}
        onClose={() => setViewer((current) => ({ ...current, opened: false }))}
        onClosed={() => thumbnails.current[viewer.index]?.focus()}
      />
    </Container>
  )
}
