import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { ButtonLink } from '@/components/links'
import { periodProblem, quickPeriods, type Period } from './figures-period'

const LABEL_HEIGHT = 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height) + var(--mantine-spacing-xs) / 2)'

/**
 * The period the figures cover: two days typed or picked, or one of the usual periods with one click. When the
 * period in the address changes by other means (a quick choice, the browser's Back), the fields take it up; the
 * form is not remounted for that, so the control just used keeps the focus.
 */
export function FiguresPeriodForm({ period, today, onChoose }: { period: Period; today: string; onChoose: (period: Period) => void }) {
  const [fields, setFields] = useState(period)
  const [errors, setErrors] = useState<Partial<Period>>({})
  const [shown, setShown] = useState(period)
  if (shown.from !== period.from || shown.to !== period.to) {
    setShown(period)
    setFields(period)
    setErrors({})
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = periodProblem(fields)
    setErrors(problem ?? {})
    if (!problem) onChoose(fields)
  }
  const field = (name: keyof Period, label: string) => (
    <TextInput
      type="date"
      label={label}
      required
      w={{ base: '100%', xs: 190 }}
      value={fields[name]}
      error={errors[name]}
      onChange={(event) => {
        const value = event.currentTarget.value
        setFields((current) => ({ ...current, [name]: value }))
      }}
    />
  )
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="period-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="period-title">
          Period
        </Title>
        <form onSubmit={submit} noValidate>
          <Group gap="sm" align="flex-start" wrap="wrap">
            {field('from', 'First day')}
            {field('to', 'Last day')}
            {/* Level with the fields, below their labels (a label's line and the gap Mantine leaves under it). */}
            <Button type="submit" mt={{ base: 0, xs: LABEL_HEIGHT }}>
              Show figures
            </Button>
          </Group>
        </form>
        <Group gap="xs" wrap="wrap" role="group" aria-labelledby="quick-periods">
          <Text size="sm" id="quick-periods">
            Or show:
          </Text>
          {quickPeriods(today).map(({ label, period: quick }) => (
            <ButtonLink key={label} to="/admin/reports/figures" search={quick} variant="default" size="xs">
              {label}
            </ButtonLink>
          ))}
        </Group>
      </Stack>
    </Card>
  )
}
