import { Button, Group, Progress, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useState } from 'react'

export interface ExportProgress {
  done: number
  total: number
}

/**
 * "Download CSV" for a list: runs `onExport`, which reports how many rows it has fetched so far, shows that as a
 * bar and a sentence read out to screen readers, and says so when it fails.
 */
export function ExportButton({ label = 'Download CSV', onExport }: { label?: string; onExport: (progress: (state: ExportProgress) => void) => Promise<void> }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const run = async () => {
    setFailed(null)
    setProgress({ done: 0, total: 0 })
    try {
      await onExport(setProgress)
    } catch (error) {
      setFailed(error instanceof Error ? error.message : 'The export failed.')
    } finally {
      setProgress(null)
    }
  }
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0
  return (
    <Group gap="sm" wrap="wrap">
      <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={progress !== null} onClick={() => void run()}>
        {label}
      </Button>
      {progress && progress.total > 0 && <Progress value={percent} w={120} aria-label="Export progress" />}
      <Text size="sm" role="status" c={failed ? 'red' : undefined}>
        {failed ? `The export failed: ${failed} Try again.` : progress ? `Preparing ${progress.done} of ${progress.total || '…'} rows` : ''}
      </Text>
    </Group>
  )
}
