import { Select } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { optionsOf } from '@shared/labels'
import type { ConsentValues } from '@/forms/enrolment-rules'

export function HowHeardField({ form }: { form: UseFormReturnType<ConsentValues> }) {
  return <Select label="How did you hear about us? (optional)" clearable data={optionsOf('HowHeard')} {...form.getInputProps('heardAbout')} />
}
