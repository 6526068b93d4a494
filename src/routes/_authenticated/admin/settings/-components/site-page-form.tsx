import { TextInput } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import type { UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { SitePageInput } from '@/api/site-settings-records'
import { RichTextEditor } from '@/ui/back-office/rich-text-editor'
import { REQUIRED, textProblem } from '@shared/field-rules'
import { useImagePrompt } from '@/routes/_authenticated/-components/media-image-field'
import { RecordForm } from '@/routes/_authenticated/-components/record-form'
import { PAGE_LIMITS } from './site-words'

export interface SitePageValues extends Record<string, unknown> {
  title: string
  bodyHtml: string
}

export function sitePageValues(fields: SitePageInput): SitePageValues {
  return { title: fields.title, bodyHtml: fields.bodyHtml }
}

export function toSitePageInput(values: SitePageValues): SitePageInput {
  return { title: values.title.trim(), bodyHtml: values.bodyHtml }
}

export function useSitePageForm(initial: SitePageValues): UseFormReturnType<SitePageValues> {
  return useForm<SitePageValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      title: (value) => textProblem(value, PAGE_LIMITS.title.maxLength, REQUIRED.enter('the page’s title')),
      bodyHtml: (value) => (value.trim() === '' ? 'Write the text of the page.' : null),
    },
  })
}

/** A page's title and text, the text in the rich-text editor with images from the media library. */
export function SitePageForm({
  form,
  save,
  cancel,
  onReload,
}: {
  form: UseFormReturnType<SitePageValues>
  save: UseMutationResult<unknown, Error, SitePageInput>
  cancel: ReactNode
  onReload: () => Promise<void>
}) {
  const imagePrompt = useImagePrompt('Insert an image in the page')
  const body = form.getInputProps('bodyHtml')
  return (
    <RecordForm form={form} save={save} toInput={toSitePageInput} submitLabel="Save the page" cancel={cancel} onReload={onReload}>
      <TextInput
        label="Title"
        description="The page’s heading, and its name in the browser’s tab."
        required
        maxLength={PAGE_LIMITS.title.maxLength}
        {...form.getInputProps('title')}
      />
      <RichTextEditor
        label="Text of the page"
        description="Headings, lists, links and images from the media library."
        required
        value={form.getValues().bodyHtml}
        onChange={(html) => form.setFieldValue('bodyHtml', html)}
        error={typeof body.error === 'string' ? body.error : undefined}
        onInsertImage={imagePrompt.ask}
      />
      {imagePrompt.picker}
    </RecordForm>
  )
}
