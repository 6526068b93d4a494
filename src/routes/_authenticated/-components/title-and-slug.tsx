import { Stack, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useState } from 'react'
import { isSlug, slugFrom } from '@/api/slug'

/** The part of a form these two fields need: any form whose values have a title and a slug. */
type SluggedForm = Pick<UseFormReturnType<{ title: string; slug: string }>, 'getValues' | 'getInputProps' | 'setFieldValue'>

/** The form's rule for an address: there is one, and it is a slug. `page` as in "the post’s page"; `example` a slug that fits. */
export function slugRule(page: string, example: string) {
  return (value: string) =>
    value.trim() === ''
      ? `Enter the address of ${page}.`
      : isSlug(value.trim())
        ? null
        : `Use lower-case letters, numbers and single hyphens between words, such as ${example}.`
}

/**
 * A record's title and the address of its page (a course, a post): the address follows the title, made by slugFrom,
 * until it is edited by hand. A new record's does from the start (`slugFollowsTitle`); an existing one's never, so a
 * published page keeps its address unless someone changes it on purpose.
 */
export function TitleAndSlugFields({
  form,
  labels,
  limits,
  page,
  slugFollowsTitle = false,
}: {
  form: SluggedForm
  labels: { title: string; slug: string }
  limits: { title: { maxLength: number }; slug: { maxLength: number } }
  /** The page's name and its address for a slug: "The post’s page", `/blog/${slug}`. */
  page: { name: string; path: (slug: string) => string }
  slugFollowsTitle?: boolean
}) {
  const [follows, setFollows] = useState(slugFollowsTitle)
  const address = page.path(form.getValues().slug.trim() || '…')
  return (
    <Stack gap="md">
      <TextInput
        label={labels.title}
        required
        maxLength={limits.title.maxLength}
        {...form.getInputProps('title')}
        onChange={(event) => {
          const title = event.currentTarget.value
          form.setFieldValue('title', title)
          if (follows) form.setFieldValue('slug', slugFrom(title))
        }}
      />
      <TextInput
        label={labels.slug}
        description={`Lower-case words joined by hyphens. ${page.name}: ${address}`}
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={limits.slug.maxLength}
        {...form.getInputProps('slug')}
        onChange={(event) => {
          form.setFieldValue('slug', event.currentTarget.value)
          setFollows(false)
        }}
      />
    </Stack>
  )
}
