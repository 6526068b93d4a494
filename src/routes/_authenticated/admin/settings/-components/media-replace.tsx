import { Alert, Button, FileButton, Progress, Stack, Text } from '@mantine/core'
import { IconReplace } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { isApiError } from '@/api/errors'
import type { MediaItem } from '@/api/media'
import { queryKeys } from '@/api/query-keys'
import { toast } from '@/ui/toasts'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { MEDIA_ACCEPT, MEDIA_MAX_BYTES } from '@/routes/_authenticated/-components/media-uploads'

const ACCEPT = Object.entries(MEDIA_ACCEPT)
  .flatMap(([type, endings]) => [type, ...endings])
  .join(',')

/** A new file in the image's place, with its progress; the alt text, caption and every use stay. */
export function MediaReplace({ item, onReplaced }: { item: MediaItem; onReplaced: () => void }) {
  const { api } = useAppContext()
  const queryClient = useQueryClient()
  const resetRef = useRef<() => void>(null)
  const [progress, setProgress] = useState<{ fileName: string; fraction: number } | null>(null)
  const [tooLarge, setTooLarge] = useState<string | null>(null)
  const replace = useMutation({
    mutationFn: (file: File) => api.media.replace(item.id, item.version, file, (fraction) => setProgress({ fileName: file.name, fraction })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.media.detail(saved.id), saved)
      await queryClient.invalidateQueries({ queryKey: queryKeys.media.all, predicate: (query) => query.queryKey[1] === 'list' })
      toast.success('The new file is in place')
      onReplaced()
    },
    onError: (error) => {
      // Someone changed the image meanwhile: show it as it is now, so a second try sends its current version.
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.media.detail(item.id) })
    },
    onSettled: () => {
      setProgress(null)
      resetRef.current?.()
    },
  })
  const choose = (file: File | null) => {
    if (!file) return
    setTooLarge(null)
    replace.reset()
    if (file.size > MEDIA_MAX_BYTES) {
      setTooLarge(`${file.name} is larger than 20 MB. Make it smaller, or save it at a lower quality, and try again.`)
      resetRef.current?.()
      return
    }
    setProgress({ fileName: file.name, fraction: 0 })
    replace.mutate(file)
  }
  const percent = progress ? Math.round(progress.fraction * 100) : 0
  const problem = tooLarge ?? (replace.isError ? errorMessage(replace.error) : null)

  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">Every page that uses this image shows the new file. The alt text and caption stay as they are, so check they still describe it.</Text>
      <FileButton onChange={choose} accept={ACCEPT} resetRef={resetRef} disabled={replace.isPending}>
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconReplace size={16} aria-hidden />} loading={replace.isPending}>
            Choose a new file
          </Button>
        )}
      </FileButton>
      {progress && (
        <Stack gap={4} w="100%" maw={480}>
          <Text size="sm">
            Sending {progress.fileName}: {percent}%
          </Text>
          <Progress value={percent} size="sm" aria-label={`${progress.fileName}: ${percent}% uploaded`} />
        </Stack>
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert" title="The file was not replaced" w="100%">
          {problem}
        </Alert>
      )}
    </Stack>
  )
}
