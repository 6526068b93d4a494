import { Stack, Textarea, TextInput } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import { LIMITS } from '@shared/contract.gen'
import type { MediaDetails, MediaItem } from '@/api/media'

export interface MediaDetailsValues extends Record<string, unknown> {
  alt: string
  caption: string
}

export const mediaDetailsValues = (item: MediaItem): MediaDetailsValues => ({ alt: item.alt, caption: item.caption })

export const toMediaDetails = (values: MediaDetailsValues): MediaDetails => ({ alt: values.alt.trim(), caption: values.caption.trim() })

/** Alt text and caption: both needed before a page may use the image. */
export function useMediaDetailsForm(initial: MediaDetailsValues): UseFormReturnType<MediaDetailsValues> {
  return useForm<MediaDetailsValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      alt: (value) => (value.trim() === '' ? 'Describe what the image shows.' : null),
      caption: (value) => (value.trim() === '' ? 'Write a caption to show under the image.' : null),
    },
  })
}

/** The two fields, labelled and described, within the contract's lengths. */
export function MediaDetailsFields({ form }: { form: UseFormReturnType<MediaDetailsValues> }) {
  return (
    <Stack gap="md">
      <Textarea
        label="Alt text"
        description="What the image shows, for someone who cannot see it"
        required
        autosize
        minRows={2}
        maxLength={LIMITS.MediaDetails.alt.maxLength}
        {...form.getInputProps('alt')}
      />
      <TextInput
        label="Caption"
        description="A line shown under the image"
        required
        maxLength={LIMITS.MediaDetails.caption.maxLength}
        {...form.getInputProps('caption')}
      />
    </Stack>
  )
}
