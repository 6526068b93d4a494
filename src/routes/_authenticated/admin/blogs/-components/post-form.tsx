import { Textarea, TextInput } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import type { PostInput } from '@/api/blog-post-records'
import { RichTextEditor } from '@/ui/back-office/rich-text-editor'
import { FormSection } from '@/ui/form-section'
import type { ImageSource } from '@/ui/responsive-image'
import { MediaImageField, useImagePrompt } from '@/routes/_authenticated/-components/media-image-field'
import { slugRule, TitleAndSlugFields } from '@/routes/_authenticated/-components/title-and-slug'
import { POST_FIELD_LABELS as LABEL, POST_LIMITS } from './post-words'

export interface PostFormValues extends Record<string, unknown> {
  title: string
  slug: string
  excerpt: string
  bodyHtml: string
  coverId: string
  authorName: string
  seoTitle: string
  seoDescription: string
  /** The chosen cover as it shows, for its thumbnail and alt text; not sent. */
  cover: ImageSource | null
}

export function postFormValues(fields?: Partial<PostInput>, cover?: ImageSource): PostFormValues {
  return {
    title: fields?.title ?? '',
    slug: fields?.slug ?? '',
    excerpt: fields?.excerpt ?? '',
    bodyHtml: fields?.bodyHtml ?? '',
    coverId: fields?.coverId ?? '',
    authorName: fields?.authorName ?? '',
    seoTitle: fields?.seoTitle ?? '',
    seoDescription: fields?.seoDescription ?? '',
    cover: cover ?? null,
  }
}

export function toPostInput(values: PostFormValues): PostInput {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    excerpt: values.excerpt.trim(),
    bodyHtml: values.bodyHtml,
    ...(values.coverId === '' ? {} : { coverId: values.coverId }),
    authorName: values.authorName.trim(),
    seoTitle: values.seoTitle.trim(),
    seoDescription: values.seoDescription.trim(),
  }
}

/**
 * The post's form. A draft needs only its title and address; a published or scheduled post (`complete`) must keep
 * everything the blog shows, in the server's words, so a save that would break it is stopped before it is sent.
 */
export function usePostForm(initial: PostFormValues, { complete }: { complete: boolean }): UseFormReturnType<PostFormValues> {
  const whenComplete = (message: string) => (value: string) => (complete && value.trim() === '' ? message : null)
  return useForm<PostFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      title: (value) => (value.trim() === '' ? 'Enter the post’s title.' : null),
      slug: slugRule('the post’s page', 'a-good-start'),
      excerpt: whenComplete('Write the excerpt: the lines the blog list shows under the title.'),
      bodyHtml: whenComplete('Write the post.'),
      coverId: whenComplete('Choose a cover image from the media library.'),
      authorName: whenComplete('Say who wrote the post.'),
    },
  })
}

/** "42 of 300 characters", for the fields with a limit people write up to. */
function characterCount(value: string, max: number): string {
  return `${value.length} of ${max} characters.`
}

/** Title and address, the address following the title until it is edited by hand (always, for a new post). */
export function PostTitleAndSlug({ form, slugFollowsTitle = false }: { form: UseFormReturnType<PostFormValues>; slugFollowsTitle?: boolean }) {
  return (
    <TitleAndSlugFields
      form={form}
      labels={LABEL}
      limits={POST_LIMITS}
      page={{ name: 'The post’s page', path: (slug) => `/blog/${slug}` }}
      slugFollowsTitle={slugFollowsTitle}
    />
  )
}

/** The author's name: the signed-in person's for a new post, changed here when someone else wrote it. */
export function PostAuthorField({ form, required: isRequired }: { form: UseFormReturnType<PostFormValues>; required: boolean }) {
  return (
    <TextInput
      label={LABEL.authorName}
      description={`The name the post shows as its writer.${isRequired ? '' : ' Needed before publishing.'}`}
      required={isRequired}
      autoComplete="off"
      maxLength={POST_LIMITS.authorName.maxLength}
      {...form.getInputProps('authorName')}
    />
  )
}

/**
 * Everything the editor holds: the post as visitors read it, then how search engines and shared links show it.
 * `complete` marks what a published or scheduled post must keep; a draft's descriptions say what publishing needs.
 */
export function PostFields({ form, complete }: { form: UseFormReturnType<PostFormValues>; complete: boolean }) {
  const imagePrompt = useImagePrompt('Insert an image in the post')
  const values = form.getValues()
  const needed = complete ? '' : ' Needed before publishing.'
  const body = form.getInputProps('bodyHtml')

  return (
    <>
      <FormSection title="The post">
        <PostTitleAndSlug form={form} />
        <PostAuthorField form={form} required={complete} />
        <Textarea
          label={LABEL.excerpt}
          description={`One or two sentences the blog list shows under the title.${needed} ${characterCount(values.excerpt, POST_LIMITS.excerpt.maxLength)}`}
          required={complete}
          autosize
          minRows={2}
          maxLength={POST_LIMITS.excerpt.maxLength}
          {...form.getInputProps('excerpt')}
        />
        <MediaImageField
          label={LABEL.coverId}
          description={`Shown at the top of the post and on the blog list.${needed} Its alt text, which every image needs, comes from the media library: change it there.`}
          pickerTitle="Choose the post’s cover image"
          required={complete}
          image={values.cover}
          error={form.errors.coverId}
          onPick={(item) => {
            form.setFieldValue('coverId', item.id)
            form.setFieldValue('cover', item.image)
          }}
          onRemove={
            complete
              ? undefined
              : () => {
                  form.setFieldValue('coverId', '')
                  form.setFieldValue('cover', null)
                }
          }
        />
        <RichTextEditor
          label={LABEL.bodyHtml}
          description={`Headings, lists, links, quotes and images from the media library.${needed}`}
          required={complete}
          value={values.bodyHtml}
          onChange={(html) => form.setFieldValue('bodyHtml', html)}
          error={typeof body.error === 'string' ? body.error : undefined}
          onInsertImage={imagePrompt.ask}
        />
        {imagePrompt.picker}
      </FormSection>

      <FormSection title="In search results and shared links" lead="What search engines and sites such as Facebook show when someone finds or shares the post.">
        <TextInput
          label={LABEL.seoTitle}
          description={`Leave empty to use the title. ${characterCount(values.seoTitle, POST_LIMITS.seoTitle.maxLength)}`}
          maxLength={POST_LIMITS.seoTitle.maxLength}
          {...form.getInputProps('seoTitle')}
        />
        <Textarea
          label={LABEL.seoDescription}
          description={`Leave empty to use the excerpt. ${characterCount(values.seoDescription, POST_LIMITS.seoDescription.maxLength)}`}
          autosize
          minRows={2}
          maxLength={POST_LIMITS.seoDescription.maxLength}
          {...form.getInputProps('seoDescription')}
        />
      </FormSection>
    </>
  )
}
