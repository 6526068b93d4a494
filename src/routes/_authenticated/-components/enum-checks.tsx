import { Checkbox, SimpleGrid, type SimpleGridProps } from '@mantine/core'
import type { GetInputPropsReturnType } from '@mantine/form'
import { optionsOf, type Audience, type EnumName } from '@shared/labels'

/** A checkbox for each value of a contract enum, in the enum's order and words, bound to one form field. */
export function EnumChecks({
  label,
  name,
  audience = 'public',
  cols = { base: 1, sm: 2 },
  required = false,
  input,
}: {
  label: string
  name: EnumName
  audience?: Audience
  cols?: SimpleGridProps['cols']
  /** Shows the asterisk: at least one must be ticked. */
  required?: boolean
  input: GetInputPropsReturnType
}) {
  return (
    <Checkbox.Group label={label} withAsterisk={required} {...input}>
      <SimpleGrid cols={cols} spacing="xs" mt="xs">
        {optionsOf(name, audience).map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  )
}
