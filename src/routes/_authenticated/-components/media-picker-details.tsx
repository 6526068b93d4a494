import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { isApiError } from '@/api/errors'
import type { MediaDetails, MediaItem } from '@/api/media'
import { queryKeys } from '@/api/query-keys'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { MediaDetailsFields, mediaDetailsValues, toMediaDetails, useMediaDetailsForm } from './media-details-fields'
import { MediaImage } from './media-image'
import { placeFieldErrors } from './record-form'

/**
 * Inside the picker: the alt text and caption of an image that has none yet (one just uploaded), saved before the
 * image is used. Saving picks it.
 */
export function MediaPickerDetails({ item, onSaved, onBack }: { item: MediaItem; onSaved: (item: MediaItem) => void; onBack: () => void }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const form = useMediaDetailsForm(mediaDetailsValues(item))
  const [problem, setProblem] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (details: MediaDetails) => api.media.update(item.id, item.version, details),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.media.detail(saved.id), saved)
      await queryClient.invalidateQueries({ queryKey: queryKeys.media.all, predicate: (query) => query.queryKey[1] === 'list' })
      onSaved(saved)
    },
  })
  const submit = form.onSubmit((values) => {
    setProblem(null)
    save.mutate(toMediaDetails(values), {
      onError: (error) => {
        const unplaced = isApiError(error) && error.fields ? placeFieldErrors(form, error.fields) : [errorMessage(error)]
        if (unplaced.length > 0) setProblem(unplaced.join(' '))
      },
    })
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="md" align="flex-start" wrap="wrap">
          <Box w={{ base: '100%', xs: 200 }}>
            <MediaImage item={item} sizes="200px" />
          </Box>
          <Stack gap={4} style={{ flex: '1 1 200px' }}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {item.fileName}
            </Text>
            <Text size="sm">Pages use an image only once it has alt text and a caption. Add them to use this one.</Text>
          </Stack>
        </Group>
        <MediaDetailsFields form={form} />
        {problem && (
          <Alert color="red" variant="light" role="alert" title="The alt text and caption were not saved">
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save and use this image
          </Button>
          <Button variant="default" onClick={onBack}>
            Back to the library
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
