import { Button, Group, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { labelOf } from '@shared/labels'
import type { LessonFigure } from '@/api/lesson-figures'
import { downloadFile } from '@/ui/back-office/csv'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { figureFileName, type Period } from './figures-period'

/**
 * "Download CSV" for one figure: the server's rows behind it, saved as a file. What happens is said beside the
 * button, in a live region, so screen reader users hear that the file is ready or why it is not.
 */
export function FigureDownload({ figure, period }: { figure: LessonFigure; period: Period }) {
  const { api } = useAppContext()
  const fileName = figureFileName(figure, period)
  const download = useMutation({
    mutationFn: async () => {
      const file = await api.lessonFigures.exportRows({ ...period, figure })
      // Saved as text through the shared helper, which adds the byte-order mark spreadsheets need to read UTF-8 names.
      downloadFile(fileName, await file.text())
    },
  })
  const status = download.isPending
    ? 'Preparing the file…'
    : download.isError
      ? `The file was not downloaded: ${errorMessage(download.error)}`
      : download.isSuccess
        ? `Downloaded ${fileName}`
        : ''
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={download.isPending}
        onClick={() => download.mutate()}
        aria-label={`Download CSV: ${labelOf('LessonFigure', figure).toLowerCase()}`}
      >
        Download CSV
      </Button>
      <Text size="sm" role="status" c={download.isError ? 'var(--mantine-color-error)' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {status}
      </Text>
    </Group>
  )
}
