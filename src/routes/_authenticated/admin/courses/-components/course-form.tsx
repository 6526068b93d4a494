import { Checkbox, Grid, NumberInput, TagsInput, Textarea, TextInput } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import { useQuery, type UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { CourseInput } from '@/api/course-records'
import { subjectsQueryOptions } from '@/api/subjects'
import { RichTextEditor } from '@/ui/back-office/rich-text-editor'
import { FormSection } from '@/ui/form-section'
import type { ImageSource } from '@/ui/responsive-image'
import { useAppContext } from '@/app/use-app-context'
import { EnumChecks } from '@/routes/_authenticated/-components/enum-checks'
import { MediaImageField, useImagePrompt } from '@/routes/_authenticated/-components/media-image-field'
import { RecordForm } from '@/routes/_authenticated/-components/record-form'
import { slugRule, TitleAndSlugFields } from '@/routes/_authenticated/-components/title-and-slug'
import { COURSE_FIELD_LABELS as LABEL, COURSE_LIMITS } from './course-words'

export interface CourseFormValues extends Record<string, unknown> {
  title: string
  slug: string
  modes: string[]
  subjects: string[]
  level: string
  summary: string
  descriptionHtml: string
  cost: string
  duration: string
  schedule: string
  capacity: number | string
  imageId: string
  featured: boolean
  /** The chosen image as it shows, for its thumbnail; not sent. */
  image: ImageSource | null
}

export function courseFormValues(fields?: CourseInput, image?: ImageSource): CourseFormValues {
  return {
    title: fields?.title ?? '',
    slug: fields?.slug ?? '',
    modes: fields?.modes ?? [],
    subjects: fields?.subjects ?? [],
    level: fields?.level ?? '',
    summary: fields?.summary ?? '',
    descriptionHtml: fields?.descriptionHtml ?? '',
    cost: fields?.cost ?? '',
    duration: fields?.duration ?? '',
    schedule: fields?.schedule ?? '',
    capacity: fields?.capacity ?? '',
    imageId: fields?.imageId ?? '',
    featured: fields?.featured ?? false,
    image: image ?? null,
  }
}

export function toCourseInput(values: CourseFormValues): CourseInput {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    modes: values.modes as CourseInput['modes'],
    subjects: [...new Set(values.subjects.map((subject) => subject.trim()).filter(Boolean))],
    level: values.level.trim(),
    summary: values.summary.trim(),
    descriptionHtml: values.descriptionHtml,
    cost: values.cost.trim(),
    duration: values.duration.trim(),
    schedule: values.schedule.trim(),
    ...(values.capacity === '' ? {} : { capacity: Number(values.capacity) }),
    imageId: values.imageId,
    featured: values.featured,
  }
}

const required = (message: string) => (value: string) => (value.trim() === '' ? message : null)

export function useCourseForm(initial: CourseFormValues): UseFormReturnType<CourseFormValues> {
  return useForm<CourseFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      title: required('Enter the course’s title.'),
      slug: slugRule('the course’s page', 'gcse-maths-revision'),
      modes: (value) => (value.length === 0 ? 'Choose at least one way the course is taught.' : null),
      subjects: (value) => (value.length === 0 ? 'Add at least one subject: type it and press Enter.' : null),
      level: required('Say who the course suits, such as “Ages 14–16 (GCSE)”.'),
      summary: required('Write a summary of one or two sentences.'),
      descriptionHtml: required('Write the description: what learners do and what they come away with.'),
      cost: required('Say what it costs or how it is funded.'),
      duration: required('Say how long it runs, such as “10 weekly sessions of 60 minutes”.'),
      schedule: required('Say when it runs, such as “Tuesdays 16:30–17:30, starting each half term”.'),
      imageId: (value) => (value === '' ? 'Choose an image for the course.' : null),
    },
  })
}

/** The course form, for a new course and for an edit. */
export function CourseForm({
  form,
  save,
  submitLabel,
  cancel,
  onReload,
  slugFollowsTitle = false,
}: {
  form: UseFormReturnType<CourseFormValues>
  save: UseMutationResult<unknown, Error, CourseInput>
  submitLabel: string
  cancel: ReactNode
  onReload?: () => Promise<void>
  slugFollowsTitle?: boolean
}) {
  const { api } = useAppContext()
  const subjects = useQuery(subjectsQueryOptions(api.subjects))
  const imagePrompt = useImagePrompt('Insert an image in the description')
  const description = form.getInputProps('descriptionHtml')
  const values = form.getValues()

  return (
    <RecordForm form={form} save={save} toInput={toCourseInput} submitLabel={submitLabel} cancel={cancel} onReload={onReload}>
      <FormSection title="The course">
        <Grid gap="md">
          <Grid.Col span={24}>
            <TitleAndSlugFields
              form={form}
              labels={LABEL}
              limits={COURSE_LIMITS}
              page={{ name: 'The course’s page', path: (slug) => `/courses/${slug}` }}
              slugFollowsTitle={slugFollowsTitle}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL.level} description="Who it suits, such as “Ages 14–16 (GCSE)”." required maxLength={COURSE_LIMITS.level.maxLength} {...form.getInputProps('level')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TagsInput
              label={LABEL.subjects}
              description={`Type a subject and press Enter; up to ${COURSE_LIMITS.subjects.maxItems}. Visitors can list the courses of a subject.`}
              required
              maxTags={COURSE_LIMITS.subjects.maxItems}
              maxLength={COURSE_LIMITS.subjects.items.maxLength}
              data={subjects.data?.items ?? []}
              clearable
              {...form.getInputProps('subjects')}
            />
          </Grid.Col>
          <Grid.Col span={24}>
            <EnumChecks label={LABEL.modes} name="DeliveryMode" audience="staff" cols={{ base: 1, xs: 2, md: 4 }} required input={form.getInputProps('modes')} />
          </Grid.Col>
        </Grid>
      </FormSection>

      <FormSection title="What visitors read">
        <Textarea
          label={LABEL.summary}
          description="One or two sentences, for the course’s card and search results."
          required
          autosize
          minRows={2}
          maxLength={COURSE_LIMITS.summary.maxLength}
          {...form.getInputProps('summary')}
        />
        <RichTextEditor
          label={LABEL.descriptionHtml}
          description="What learners do and what they come away with. Headings, lists, links and images from the media library."
          required
          value={values.descriptionHtml}
          onChange={(html) => form.setFieldValue('descriptionHtml', html)}
          error={typeof description.error === 'string' ? description.error : undefined}
          onInsertImage={imagePrompt.ask}
        />
        {imagePrompt.picker}
        <MediaImageField
          label={LABEL.imageId}
          description="Shown on the course’s card and at the top of its page. Publishing needs an image with alt text and a caption."
          pickerTitle="Choose the course’s image"
          required
          image={values.image}
          error={form.errors.imageId}
          onPick={(item) => {
            form.setFieldValue('imageId', item.id)
            form.setFieldValue('image', item.image)
          }}
        />
      </FormSection>

      <FormSection title="Practical details">
        <Grid gap="md">
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL.cost} description="The price, or how it is funded." required maxLength={COURSE_LIMITS.cost.maxLength} {...form.getInputProps('cost')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput
              label={LABEL.duration}
              description="Such as “10 weekly sessions of 60 minutes”."
              required
              maxLength={COURSE_LIMITS.duration.maxLength}
              {...form.getInputProps('duration')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput
              label={LABEL.schedule}
              description="When it runs, such as “Tuesdays 16:30–17:30, starting each half term”."
              required
              maxLength={COURSE_LIMITS.schedule.maxLength}
              {...form.getInputProps('schedule')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <NumberInput
              label={LABEL.capacity}
              description="Places on each run. Leave empty when there is no limit."
              min={COURSE_LIMITS.capacity.minimum}
              max={COURSE_LIMITS.capacity.maximum}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('capacity')}
            />
          </Grid.Col>
        </Grid>
      </FormSection>

      <FormSection title="On the site">
        <Checkbox
          label={LABEL.featured}
          description="Featured courses show on the home page, in the order set on the list of courses."
          {...form.getInputProps('featured', { type: 'checkbox' })}
        />
      </FormSection>
    </RecordForm>
  )
}
