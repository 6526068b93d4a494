import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core'
import { IconExternalLink, IconPencil } from '@tabler/icons-react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { courseRecordQueryOptions, type CourseRecord } from '@/api/course-records'
import { labelOf } from '@shared/labels'
import { BackLabel, DetailLayout } from '@/ui/back-office/detail-layout'
import { FactCard } from '@/ui/back-office/fact-card'
import { StatusBadge } from '@/ui/back-office/status-badge'
import { ArticleSkeleton } from '@/ui/content-skeleton'
import { formatDateTime } from '@/ui/format-date-time'
import { ResponsiveImage } from '@/ui/responsive-image'
import { AnchorLink, ButtonLink } from '@/components/links'
import { RichTextBody } from '@/components/rich-text-body'
import { headFrom } from '@/app/page-head'
import { useAppContext } from '@/app/use-app-context'
import { RecordHistory } from '@/routes/_authenticated/-components/record-history'
import { loadRecord } from '@/routes/_authenticated/-components/record-page'
import { CourseStatusActions, DeleteCourse } from '@/routes/_authenticated/admin/courses/-components/course-actions'
import { CourseNotFound } from '@/routes/_authenticated/admin/courses/-components/course-not-found'
import { COURSE_FIELD_LABELS as LABEL, COURSE_HISTORY_WORDS } from '@/routes/_authenticated/admin/courses/-components/course-words'

export const Route = createFileRoute('/_authenticated/admin/courses/$courseId/')({
  staticData: { title: 'Course', notFoundTitle: 'Course not found' },
  loader: async ({ context: { queryClient, api }, params }) => {
    const course = await loadRecord(queryClient, courseRecordQueryOptions(api.courseRecords, params.courseId), params.courseId)
    return { title: course.fields.title, description: labelOf('CourseStatus', course.status) }
  },
  head: ({ loaderData }) => headFrom(loaderData),
  pendingComponent: ArticleSkeleton,
  notFoundComponent: CourseNotFound,
  component: CoursePage,
})

/** Where the course is on the site, or why it is not. */
function OnTheSite({ course }: { course: CourseRecord }) {
  if (course.status === 'published') {
    return (
      <Anchor href={course.publicPath}>
        <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
          View on the site
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    )
  }
  return (
    <Text span size="sm">
      {course.status === 'draft' ? 'Not on the site yet: publish it when it is ready.' : 'Not on the site: archived courses are never shown.'}
    </Text>
  )
}

function CoursePage() {
  const { api } = useAppContext()
  const { courseId } = Route.useParams()
  const { data: course } = useSuspenseQuery(courseRecordQueryOptions(api.courseRecords, courseId))
  const { fields } = course

  return (
    <DetailLayout
      back={
        <AnchorLink to="/admin/courses">
          <BackLabel>Back to courses</BackLabel>
        </AnchorLink>
      }
      title={fields.title}
      badges={
        <Group gap="xs">
          <StatusBadge of="CourseStatus" value={course.status} size="lg" />
          {fields.featured && (
            <StatusBadge color="blue" variant="light" size="lg">
              Featured
            </StatusBadge>
          )}
        </Group>
      }
      subtitle={
        <>
          Added <time dateTime={course.createdAt}>{formatDateTime(course.createdAt)}</time>
          {course.publishedAt && (
            <>
              {' '}
              · last published <time dateTime={course.publishedAt}>{formatDateTime(course.publishedAt)}</time>
            </>
          )}
        </>
      }
      actions={
        <Stack gap="sm">
          <Group gap="sm">
            <ButtonLink to="/admin/courses/$courseId/edit" params={{ courseId }} leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </ButtonLink>
            <CourseStatusActions course={course} />
            <DeleteCourse course={course} />
          </Group>
          <div>
            <OnTheSite course={course} />
          </div>
        </Stack>
      }
      aside={<RecordHistory subjectType="course" subjectId={courseId} words={COURSE_HISTORY_WORDS} />}
    >
      {course.status === 'archived' && (
        <Alert color="gray" variant="light" title="Archived">
          The course is kept for its enrolments and placements. Publish it again to put it back on the site.
        </Alert>
      )}
      <FactCard
        title="The course"
        facts={[
          [LABEL.slug, course.publicPath],
          [LABEL.level, fields.level],
          [LABEL.modes, fields.modes.map((mode) => labelOf('DeliveryMode', mode, 'staff')).join(', ')],
          [LABEL.subjects, fields.subjects.join(', ')],
          [LABEL.duration, fields.duration],
          [LABEL.schedule, fields.schedule],
          [LABEL.cost, fields.cost],
          [LABEL.capacity, fields.capacity === undefined ? 'No limit' : `${fields.capacity} on each run`],
          [LABEL.featured, fields.featured ? 'Yes' : 'No'],
          ['On record', `${course.enrolments} ${course.enrolments === 1 ? 'enrolment' : 'enrolments'}, ${course.placements} ${course.placements === 1 ? 'placement' : 'placements'}`],
        ]}
      />
      <Card withBorder padding="md" component="section" aria-labelledby="course-text-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="course-text-title">
            What visitors read
          </Title>
          <ResponsiveImage image={course.image} />
          <Text fw={600}>{fields.summary}</Text>
          <RichTextBody html={fields.descriptionHtml} />
        </Stack>
      </Card>
    </DetailLayout>
  )
}
