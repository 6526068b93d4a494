import { Checkbox, Grid, Group, Radio, Select, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { optionsOf } from '@shared/labels'
import { isoDay } from '@shared/dates'
import type { AvailabilityValues } from '@/forms/enrolment-rules'

/** When lessons suit: days, times of day, the first date, how often and how long. */
export function AvailabilityFields({ form }: { form: UseFormReturnType<{ availability: AvailabilityValues }> }) {
  const today = new Date()
  const inAYear = new Date(today)
  inAYear.setFullYear(today.getFullYear() + 1)
  return (
    <Grid gap="md">
      <Grid.Col span={24}>
        <Checkbox.Group label="Which days suit?" description="Choose every day that could work." required {...form.getInputProps('availability.days')}>
          <Group gap="md" mt="xs">
            {optionsOf('Weekday').map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Checkbox.Group>
      </Grid.Col>
      <Grid.Col span={24}>
        <Checkbox.Group label="Which times of day suit?" required {...form.getInputProps('availability.times')}>
          <Group gap="md" mt="xs">
            {optionsOf('TimeOfDay').map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Checkbox.Group>
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <TextInput
          label="First date that suits"
          description="Today or any date in the next year."
          type="date"
          required
          min={isoDay(today)}
          max={isoDay(inAYear)}
          {...form.getInputProps('availability.startDate')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <Select label="How often?" required allowDeselect={false} data={optionsOf('LessonFrequency')} {...form.getInputProps('availability.frequency')} />
      </Grid.Col>
      <Grid.Col span={24}>
        <Radio.Group label="Lesson length" required {...form.getInputProps('availability.lessonMinutes')}>
          <Group gap="md" mt="xs">
            {optionsOf('LessonMinutes').map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>
      </Grid.Col>
    </Grid>
  )
}
