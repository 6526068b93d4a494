import { Container, Grid, Skeleton, Stack, VisuallyHidden } from '@mantine/core'

/** The shape of a page of cards while its content loads: a heading, a lead and a grid of cards. */
export function ContentSkeleton({ cards = 6 }: { cards?: number }) {
  return (
    <Container py="xl" role="status">
      <VisuallyHidden>Loading…</VisuallyHidden>
      <Stack gap="md" aria-hidden>
        <Skeleton h={36} w="60%" />
        <Skeleton h={20} w="80%" />
        <Grid mt="md">
          {Array.from({ length: cards }, (_, index) => (
            <Grid.Col key={index} span={{ base: 24, sm: 12, md: 8 }}>
              <Stack gap="xs">
                <Skeleton h={180} />
                <Skeleton h={20} w="70%" />
                <Skeleton h={14} />
                <Skeleton h={14} w="90%" />
              </Stack>
            </Grid.Col>
          ))}
        </Grid>
      </Stack>
    </Container>
  )
}

/** The shape of one long page (a post, a course) while it loads. */
export function ArticleSkeleton() {
  return (
    <Container size="md" py="xl" role="status">
      <VisuallyHidden>Loading…</VisuallyHidden>
      <Stack gap="md" aria-hidden>
        <Skeleton h={40} w="75%" />
        <Skeleton h={16} w="40%" />
        <Skeleton h={320} />
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} h={14} w={index % 2 === 0 ? '100%' : '92%'} />
        ))}
      </Stack>
    </Container>
  )
}
