import { Card, Select, Stack, Text, Textarea, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { optionsOf, type EnumValue } from '@shared/labels'
import { REPORT_FAMILIES } from '@/api/lesson-reports'
import { concernQueryOptions, type SafeguardingConcern } from '@/api/safeguarding-concerns'
import { queryKeys } from '@/api/query-keys'
import { useAppContext } from '@/app/use-app-context'
import { RecordForm, useSaveRecord } from '@/routes/_authenticated/-components/record-form'
import { CONCERN_NOTE_LIMITS } from './concern-words'

type ConcernStatus = EnumValue<'ConcernStatus'>

const formValues = (concern: SafeguardingConcern) => ({ status: concern.status as string, note: '' })

/**
 * Moves a concern on (or adds a note at the same status), always with a note of what was done. A save names the
 * version the form started from, so a change someone else saved meanwhile is refused and can be reloaded first; the
 * note typed so far is kept through the reload.
 */
export function ConcernStatusForm({ concern }: { concern: SafeguardingConcern }) {
  const { api, queryClient } = useAppContext()
  const [versionRead, setVersionRead] = useState(concern.version)
  const form = useForm({
    mode: 'controlled',
    initialValues: formValues(concern),
    validate: {
      status: (value) => (value === '' ? 'Choose a status.' : null),
      note: (value) => (value.trim() === '' ? 'Say what was done, or why the status changes.' : null),
    },
  })
  const save = useSaveRecord({
    save: (input: { status: ConcernStatus; note: string }) => api.safeguardingConcerns.changeStatus(concern.id, versionRead, input),
    detailKey: (saved) => queryKeys.concerns.detail(saved.id),
    refetch: REPORT_FAMILIES,
    success: 'The concern’s status and note are saved',
    onSaved: (saved) => {
      setVersionRead(saved.version)
      form.setInitialValues(formValues(saved))
      form.reset()
    },
  })
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...concernQueryOptions(api.safeguardingConcerns, concern.id), staleTime: 0 })
    setVersionRead(fresh.version)
    form.setFieldValue('status', fresh.status)
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="concern-status-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="concern-status-title">
          Record what was done
        </Title>
        <Text size="sm">Choose the status it has now (or keep it) and say what was done. The note is kept with the concern and in its history.</Text>
        <RecordForm form={form} save={save} toInput={(values) => ({ status: values.status as ConcernStatus, note: values.note.trim() })} submitLabel="Save the status" cancel={null} onReload={reload}>
          <Select label="Status" required allowDeselect={false} data={optionsOf('ConcernStatus')} w={{ base: '100%', xs: 240 }} {...form.getInputProps('status')} />
          <Textarea
            label="What was done"
            description="For example: who was told, what they said, and what happens next."
            required
            autosize
            minRows={3}
            maxLength={CONCERN_NOTE_LIMITS.maxLength}
            {...form.getInputProps('note')}
          />
        </RecordForm>
      </Stack>
    </Card>
  )
}
