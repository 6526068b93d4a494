import { Button, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { LastChanged } from './last-changed'

/** A settings screen that edits one record: its title, what it is for, who last changed it, then its form. */
export function SettingsRecordPage({ title, intro, record, children }: { title: string; intro: ReactNode; record: Parameters<typeof LastChanged>[0]; children: ReactNode }) {
  return (
    <Stack gap="lg" pb="md" maw={880}>
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        <Text>{intro}</Text>
        <Text size="sm" c="dimmed">
          <LastChanged updatedAt={record.updatedAt} updatedBy={record.updatedBy} />
        </Text>
      </Stack>
      {children}
    </Stack>
  )
}

/** The form's cancel: "Undo changes" while it holds changes not saved, nothing otherwise. */
export function undoChanges(form: { isDirty: () => boolean; reset: () => void }): ReactNode {
  return form.isDirty() ? (
    <Button variant="subtle" onClick={() => form.reset()}>
      Undo changes
    </Button>
  ) : null
}
