import { Button, Card, Container, Grid, List, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { courseQueryOptions } from '@/api/courses'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { ResponsiveImage } from '@/ui/responsive-image'
import { RichTextBody } from '@/components/rich-text-body'
import { CourseFacts } from '@/routes/_public/-components/course-facts'
import { CourseNotFound } from '@/routes/_public/-components/course-not-found'
import { AnchorLink } from '@/components/links'
import { loadBySlug } from '@/app/load-by-slug'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'

export const Route = createFileRoute('/_public/courses/$courseId')({
  staticData: { title: 'Course details', notFoundTitle: 'Course not found', loadFailure: 'this course' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const course = await loadBySlug(params.courseId, (courseId) => queryClient.ensureQueryData(courseQueryOptions(api.courses, courseId)))
    return { title: course.title, description: course.summary }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: CourseNotFound,
  component: CourseDetailsPage,
})

function CourseDetailsPage() {
  const { api } = useAppContext()
  const { courseId } = Route.useParams()
  const { data: course } = useSuspenseQuery(courseQueryOptions(api.courses, courseId))

  return (
    <Container py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 24, md: 15 }}>
          <Stack component="article" gap="lg">
            <Stack gap="xs">
              <Title order={1}>{course.title}</Title>
              <Text size="lg">{course.summary}</Text>
            </Stack>
            <ResponsiveImage image={course.image} eager />
            <Stack gap="sm">
              <Title order={2}>About this course</Title>
              <RichTextBody html={course.descriptionHtml} />
            </Stack>
            {course.subjects.length > 0 && (
              <Stack gap="sm">
                <Title order={2}>Subjects</Title>
                <List>
                  {course.subjects.map((subject) => (
                    <List.Item key={subject}>{subject}</List.Item>
                  ))}
                </List>
              </Stack>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 9 }}>
          <Card withBorder padding="lg" component="aside" aria-labelledby="course-facts-title">
            <Stack gap="md">
              <Title order={2} size="h3" id="course-facts-title">
                Course at a glance
              </Title>
              <CourseFacts course={course} />
              <Button
                renderRoot={(props) => <Link {...props} to="/course-enroll" search={{ courseId: course.id }} />}
                size="md"
                fullWidth
              >
                Enrol in this course
              </Button>
              <Text size="sm" c="dimmed">
                Questions first?{' '}
                <AnchorLink to="/contact-us">
                  Ask our team
                </AnchorLink>
                .
              </Text>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  )
}
