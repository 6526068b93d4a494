import { Fieldset, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** One titled part of a long form: a fieldset whose legend is a heading (h3 when `nested` in another part), so it is found by heading and read with its fields. */
export function FormSection({ title, lead, nested = false, children }: { title: string; lead?: ReactNode; nested?: boolean; children: ReactNode }) {
  return (
    <Fieldset
      radius="md"
      legend={
        <Title order={nested ? 3 : 2} size="h4">
          {title}
        </Title>
      }
    >
      <Stack gap="md">
        {lead && <Text c="dimmed">{lead}</Text>}
        {children}
      </Stack>
    </Fieldset>
  )
}
