import { Grid, Radio, Select, Stack, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { ContactRelationship } from '@/api/registrations'
import { optionsOf } from '@shared/labels'
import { REFERRER_RELATIONSHIPS } from '@/forms/enrolment-options'
import { ENROLMENT_LIMITS, type ContactValues } from '@/forms/enrolment-rules'

/**
 * The person we write to about the enrolment. The relationship is asked only when more than one fits; someone
 * referring for a school or service is asked which one.
 */
export function ContactPersonFields({
  form,
  relationships,
}: {
  form: UseFormReturnType<{ contact: ContactValues }>
  relationships: readonly ContactRelationship[]
}) {
  const relationship = form.values.contact.relationship
  const asksOrganisation = relationship !== null && (REFERRER_RELATIONSHIPS as readonly string[]).includes(relationship)
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <TextInput label="Your full name" autoComplete="name" required maxLength={ENROLMENT_LIMITS.personName} {...form.getInputProps('contact.name')} />
      </Grid.Col>
      {relationships.length > 1 && (
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <Select
            label="Your relationship to the learner"
            required
            allowDeselect={false}
            data={optionsOf('ContactRelationship', 'public', relationships)}
            {...form.getInputProps('contact.relationship')}
          />
        </Grid.Col>
      )}
      {asksOrganisation && (
        <Grid.Col span={24}>
          <TextInput
            label="Your school or service (optional)"
            description="So we know who to work with on the learner’s support."
            autoComplete="organization"
            maxLength={ENROLMENT_LIMITS.organisation}
            {...form.getInputProps('contact.organisation')}
          />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <TextInput label="Email" type="email" autoComplete="email" required maxLength={ENROLMENT_LIMITS.email} {...form.getInputProps('contact.email')} />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <TextInput label="Phone" type="tel" autoComplete="tel" required maxLength={ENROLMENT_LIMITS.phone} {...form.getInputProps('contact.phone')} />
      </Grid.Col>
      <Grid.Col span={24}>
        <Radio.Group label="How should we contact you?" required {...form.getInputProps('contact.preferredContact')}>
          <Stack gap="xs" mt="xs">
            {optionsOf('PreferredContact').map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
      </Grid.Col>
    </Grid>
  )
}
