import { NumberInput, SimpleGrid } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import type { UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { RetentionPeriods } from '@/api/retention'
import { REQUIRED, wholeNumberProblem } from '@shared/field-rules'
import { RecordForm } from '@/routes/_authenticated/-components/record-form'
import { RETENTION_FIELDS, RETENTION_LIMITS } from './retention-words'

/** The periods as the form holds them: an emptied number input holds ''. */
export type RetentionValues = Record<keyof RetentionPeriods, number | string>

export const retentionValues = (periods: RetentionPeriods): RetentionValues => ({ ...periods })

export const toRetentionPeriods = (values: RetentionValues): RetentionPeriods =>
  Object.fromEntries(RETENTION_FIELDS.map(({ field }) => [field, Number(values[field])])) as RetentionPeriods

/** The contract's bounds, in the office's words; the server checks them again. */
export function retentionErrors(values: RetentionValues): Record<string, string> {
  const found: Record<string, string> = {}
  for (const { field } of RETENTION_FIELDS) {
    const problem = wholeNumberProblem(values[field], RETENTION_LIMITS[field], REQUIRED.enter(`a number of ${RETENTION_LIMITS[field].unit}`))
    if (problem !== null) found[field] = problem
  }
  return found
}

export function useRetentionForm(initial: RetentionValues): UseFormReturnType<RetentionValues> {
  return useForm<RetentionValues>({ mode: 'controlled', initialValues: initial, validate: retentionErrors })
}

/** One number per kind of record, each saying what happens once its time has passed. */
export function RetentionForm({
  form,
  save,
  cancel,
  onReload,
}: {
  form: UseFormReturnType<RetentionValues>
  save: UseMutationResult<unknown, Error, RetentionPeriods>
  cancel: ReactNode
  onReload: () => Promise<void>
}) {
  return (
    <RecordForm form={form} save={save} toInput={toRetentionPeriods} submitLabel="Save the periods" cancel={cancel} onReload={onReload}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        {RETENTION_FIELDS.map(({ field, label, happens }) => (
          <NumberInput
            key={field}
            label={`${label} (${RETENTION_LIMITS[field].unit})`}
            description={happens}
            required
            min={RETENTION_LIMITS[field].minimum}
            max={RETENTION_LIMITS[field].maximum}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps(field)}
          />
        ))}
      </SimpleGrid>
    </RecordForm>
  )
}
