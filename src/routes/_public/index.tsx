import { Card, Container, Grid, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { blogPostsQueryOptions } from '@/api/blog-posts'
import { coursesQueryOptions } from '@/api/courses'
import { siteSettingsQueryOptions } from '@/api/site-settings'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { BlogPostCard } from './-components/blog-post-card'
import { CourseList } from './-components/course-list'
import { Figures } from './-components/figures'
import { NoPosts } from './-components/no-posts'
import { PageSection } from './-components/page-section'
import { AnchorLink, ButtonLink } from '@/components/links'
import { modes } from '@/site/delivery-modes'
import { useAppContext } from '@/app/use-app-context'

const LATEST_POSTS = { page: 1, pageSize: 3 }
const FEATURED = { featured: true }

const callsToAction = [
  { to: '/subject-enroll', label: 'Enrol in a subject', text: 'One-to-one tutoring at home or online in English, maths, science and more.' },
  { to: '/course-enroll', label: 'Enrol in a course', text: 'Short courses with a start and an end date, online or in your community.' },
  { to: '/school-enroll', label: 'Enrol your school', text: 'Small-group tutoring and exam preparation inside your school day.' },
  { to: '/tutor-register', label: 'Become a tutor', text: 'Teach what you know, with training, a fair rate and a team behind you.' },
]

export const Route = createFileRoute('/_public/')({
  // No title or description of its own: the home page uses the site's (see -lib/page-head.ts).
  staticData: { loadFailure: 'the home page' },
  loader: ({ context: { queryClient, api } }) =>
    Promise.all([
      queryClient.ensureQueryData(coursesQueryOptions(api.courses, FEATURED)),
      queryClient.ensureQueryData(blogPostsQueryOptions(api.blogPosts, LATEST_POSTS)),
      queryClient.ensureQueryData(siteSettingsQueryOptions(api.siteSettings)),
    ]),
  pendingComponent: () => <ContentSkeleton cards={4} />,
  component: HomePage,
})

function HomePage() {
  const { api } = useAppContext()
  const { data: featured } = useSuspenseQuery(coursesQueryOptions(api.courses, FEATURED))
  const { data: latest } = useSuspenseQuery(blogPostsQueryOptions(api.blogPosts, LATEST_POSTS))
  const { data: settings } = useSuspenseQuery(siteSettingsQueryOptions(api.siteSettings))

  return (
    <Container py="xl">
      <Stack gap={56}>
        <Stack gap="md" maw={760}>
          <Title order={1}>Education and tutoring at home, in school, online and in the community</Title>
          <Text size="lg">
            TEC is an education and tutoring programme that helps learners of every age make steady progress. Our tutors are
            trained, vetted and patient; they plan every lesson around the learner, keep families and teachers informed, and go
            wherever learning happens best.
          </Text>
          <Group>
            <ButtonLink to="/subject-enroll" size="md">
              Enrol in a subject
            </ButtonLink>
            <ButtonLink to="/tutor-register" size="md" variant="light">
              Become a tutor
            </ButtonLink>
          </Group>
        </Stack>

        <PageSection title="Four ways to learn with TEC" lead="The same careful teaching, wherever it suits the learner best.">
          <Grid>
            {modes.map((mode) => (
              <Grid.Col key={mode.to} span={{ base: 24, sm: 12, lg: 6 }}>
                <Card withBorder h="100%" padding="lg">
                  <Stack gap="sm" h="100%" justify="space-between">
                    <div>
                      <Title order={3} size="h4">
                        {mode.label}
                      </Title>
                      <Text size="sm" mt="xs">
                        {mode.summary}
                      </Text>
                    </div>
                    <ButtonLink to={mode.to} variant="light">
                      Learn more<VisuallyHidden> about {mode.label}</VisuallyHidden>
                    </ButtonLink>
                  </Stack>
                </Card>
              </Grid.Col>
            ))}
          </Grid>
        </PageSection>

        {settings.figures.length > 0 && (
          <PageSection title="TEC in numbers">
            <Figures figures={settings.figures} />
          </PageSection>
        )}

        <PageSection title="Featured courses" lead="Courses with places this term, chosen by our team.">
          <CourseList courses={featured.items} emptyTitle="No featured courses this term" />
        </PageSection>

        <PageSection
          title="Latest news"
          aside={
            <AnchorLink to="/blog">
              Read the blog
            </AnchorLink>
          }
        >
          {latest.items.length === 0 ? (
            <NoPosts />
          ) : (
            <Grid>
              {latest.items.map((post) => (
                <Grid.Col key={post.id} span={{ base: 24, sm: 12, md: 8 }}>
                  <BlogPostCard post={post} headingOrder={3} />
                </Grid.Col>
              ))}
            </Grid>
          )}
        </PageSection>

        <PageSection title="Get started" lead="Tell us what you need and our team will be in touch within two working days.">
          <Grid>
            {callsToAction.map((action) => (
              <Grid.Col key={action.to} span={{ base: 24, sm: 12, lg: 6 }}>
                <Card withBorder h="100%" padding="lg">
                  <Stack gap="sm" h="100%" justify="space-between">
                    <Text size="sm">{action.text}</Text>
                    <ButtonLink to={action.to}>
                      {action.label}
                    </ButtonLink>
                  </Stack>
                </Card>
              </Grid.Col>
            ))}
          </Grid>
        </PageSection>
      </Stack>
    </Container>
  )
}
