import { Grid, TextInput } from '@mantine/core'
import type { GetInputPropsReturnType } from '@mantine/form'
import type { AddressValues } from '@/forms/enrolment-rules'
import { ENROLMENT_LIMITS } from '@/forms/enrolment-rules'

/** A UK address; `field` gives each input its form props, so the same fields serve `address` and `school.address`. */
export function AddressFields({ field }: { field: (name: keyof AddressValues) => GetInputPropsReturnType }) {
  return (
    <Grid gap="md">
      <Grid.Col span={24}>
        <TextInput label="Address line 1" autoComplete="address-line1" required maxLength={ENROLMENT_LIMITS.addressLine} {...field('line1')} />
      </Grid.Col>
      <Grid.Col span={24}>
        <TextInput label="Address line 2 (optional)" autoComplete="address-line2" maxLength={ENROLMENT_LIMITS.addressLine} {...field('line2')} />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 14 }}>
        <TextInput label="Town or city" autoComplete="address-level2" required maxLength={ENROLMENT_LIMITS.town} {...field('town')} />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 10 }}>
        <TextInput label="Postcode" autoComplete="postal-code" required maxLength={ENROLMENT_LIMITS.postcode} {...field('postcode')} />
      </Grid.Col>
    </Grid>
  )
}
