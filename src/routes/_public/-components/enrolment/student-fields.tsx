import { Grid, NumberInput, Select, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { optionsOf } from '@shared/labels'
import { ENROLMENT_LIMITS, type StudentValues } from '@/forms/enrolment-rules'

/** The learner: a name, and an age or a year group (or both); the school is optional. */
export function StudentFields({ form }: { form: UseFormReturnType<{ student: StudentValues }> }) {
  return (
    <Grid gap="md">
      <Grid.Col span={24}>
        <TextInput label="Learner’s full name" required maxLength={ENROLMENT_LIMITS.personName} {...form.getInputProps('student.name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 10 }}>
        <NumberInput
          label="Age"
          description="Needed if you do not choose a year group."
          min={ENROLMENT_LIMITS.ageMin}
          max={ENROLMENT_LIMITS.ageMax}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('student.age')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 14 }}>
        <Select
          label="Year group"
          description="For pupils in school in England."
          clearable
          data={optionsOf('SchoolYear')}
          {...form.getInputProps('student.yearGroup')}
        />
      </Grid.Col>
      <Grid.Col span={24}>
        <TextInput label="School or college (optional)" maxLength={ENROLMENT_LIMITS.school} {...form.getInputProps('student.school')} />
      </Grid.Col>
    </Grid>
  )
}
