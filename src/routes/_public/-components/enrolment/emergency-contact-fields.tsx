import { Grid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { ENROLMENT_LIMITS, type EmergencyContactValues } from '@/forms/enrolment-rules'

/** Who the tutor calls if something happens during a lesson in person. */
export function EmergencyContactFields({ form }: { form: UseFormReturnType<{ emergencyContact: EmergencyContactValues }> }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <TextInput label="Name" required maxLength={ENROLMENT_LIMITS.personName} {...form.getInputProps('emergencyContact.name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <TextInput
          label="Relationship to the learner"
          description="For example, mother, uncle or neighbour."
          required
          maxLength={ENROLMENT_LIMITS.relationship}
          {...form.getInputProps('emergencyContact.relationship')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <TextInput label="Phone" type="tel" required maxLength={ENROLMENT_LIMITS.phone} {...form.getInputProps('emergencyContact.phone')} />
      </Grid.Col>
    </Grid>
  )
}
