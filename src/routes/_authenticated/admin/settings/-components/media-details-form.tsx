import { Button } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/api/query-keys'
import { mediaItemQueryOptions, type MediaDetails, type MediaItem } from '@/api/media'
import { useAppContext } from '@/app/use-app-context'
import { MediaDetailsFields, mediaDetailsValues, toMediaDetails, useMediaDetailsForm } from '@/routes/_authenticated/-components/media-details-fields'
import { RecordForm, useRecordEdit } from '@/routes/_authenticated/-components/record-form'

/**
 * The image's alt text and caption, saved with the version the form was opened at: a save after someone else's
 * change is refused and offers to reload. `onSaved` lets the page open the form afresh at the new version.
 */
export function MediaDetailsForm({ item, onSaved }: { item: MediaItem; onSaved: () => void }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const form = useMediaDetailsForm(mediaDetailsValues(item))
  const { save, reload } = useRecordEdit({
    record: item,
    form,
    formValues: mediaDetailsValues,
    fetchAgain: () => queryClient.fetchQuery({ ...mediaItemQueryOptions(api.media, item.id), staleTime: 0 }),
    update: (version, details: MediaDetails) => api.media.update(item.id, version, details),
    detailKey: (saved) => queryKeys.media.detail(saved.id),
    refetch: [queryKeys.media.all],
    onSaved,
  })
  return (
    <RecordForm
      form={form}
      save={save}
      toInput={toMediaDetails}
      submitLabel="Save alt text and caption"
      cancel={
        form.isDirty() ? (
          <Button variant="subtle" onClick={() => form.reset()}>
            Undo changes
          </Button>
        ) : null
      }
      onReload={reload}
    >
      <MediaDetailsFields form={form} />
    </RecordForm>
  )
}
