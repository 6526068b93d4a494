import { Checkbox, Fieldset, Grid, Group, Radio, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { LIMITS, teachesInPerson, type TutorApplicationDraft } from '@/machines/tutor-application.rules'
import { optionsOf, type Option } from '@shared/labels'
import { PolicyLink } from '@/routes/_public/-components/policy-link'

export type ApplicationForm = UseFormReturnType<TutorApplicationDraft>

/** How many digits the contract's largest number has: a typed number field takes no more. */
const digitsOf = (maximum: number) => String(maximum).length

function Choices({ form, path, label, description, options, cols = 2 }: {
  form: ApplicationForm
  path: string
  label: string
  description?: string
  options: Option<string>[]
  cols?: number
}) {
  return (
    <Checkbox.Group label={label} description={description} withAsterisk {...form.getInputProps(path)}>
      <SimpleGrid cols={{ base: 1, xs: cols }} spacing="xs" verticalSpacing="xs" mt="xs">
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} label={option.label} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  )
}

function YesNo({ form, path, label, description }: { form: ApplicationForm; path: string; label: string; description?: string }) {
  return (
    <Radio.Group label={label} description={description} withAsterisk {...form.getInputProps(path)}>
      <Group mt="xs">
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  )
}

export function PersonalStep({ form }: { form: ApplicationForm }) {
  return (
    <Grid>
      <Grid.Col span={24}>
        <TextInput label="Full name" autoComplete="name" required maxLength={LIMITS.name} {...form.getInputProps('personal.name')} />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <TextInput label="Email" type="email" autoComplete="email" required maxLength={LIMITS.email} {...form.getInputProps('personal.email')} />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <TextInput label="Phone" type="tel" autoComplete="tel" required maxLength={LIMITS.phone} {...form.getInputProps('personal.phone')} />
      </Grid.Col>
      <Grid.Col span={{ base: 24, sm: 12 }}>
        <TextInput
          label="Postcode"
          autoComplete="postal-code"
          description="We match tutors with learners nearby."
          required
          maxLength={LIMITS.postcode}
          {...form.getInputProps('personal.postcode')}
        />
      </Grid.Col>
    </Grid>
  )
}

export function TeachingStep({ form, subjects }: { form: ApplicationForm; subjects: readonly string[] }) {
  // A subject chosen before the catalogue changed stays listed, so it can be unticked.
  const chosen = form.getValues().teaching.subjects.filter((subject) => !subjects.includes(subject))
  const subjectOptions = [...subjects, ...chosen].map((subject) => ({ value: subject, label: subject }))
  return (
    <Stack gap="lg">
      <Choices form={form} path="teaching.subjects" label="Subjects you can teach" description={`Choose up to ${LIMITS.subjects}.`} options={subjectOptions} cols={3} />
      <Choices form={form} path="teaching.levels" label="Levels you can teach" options={optionsOf('StudyLevel', 'tutor')} />
      <Grid>
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <Select
            label="Highest qualification"
            placeholder="Choose one"
            required
            data={optionsOf('HighestQualification', 'tutor')}
            allowDeselect={false}
            {...form.getInputProps('teaching.highestQualification')}
            value={form.getValues().teaching.highestQualification || null}
            onChange={(value) => form.setFieldValue('teaching.highestQualification', (value ?? '') as TutorApplicationDraft['teaching']['highestQualification'])}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <TextInput
            label="Years of teaching or tutoring experience"
            inputMode="numeric"
            required
            maxLength={digitsOf(LIMITS.experienceYears)}
            {...form.getInputProps('teaching.experienceYears')}
          />
        </Grid.Col>
      </Grid>
      <YesNo form={form} path="teaching.qualifiedTeacher" label="Do you hold qualified teacher status (QTS) or an equivalent?" />
      <Textarea
        label="Your qualifications"
        description="Degrees, teaching qualifications and their subjects."
        required
        autosize
        minRows={3}
        maxLength={LIMITS.qualifications}
        {...form.getInputProps('teaching.qualifications')}
      />
      <Textarea
        label="Your teaching and tutoring experience"
        description="Where you have taught, the ages and needs of the learners, and for how long."
        required
        autosize
        minRows={4}
        maxLength={LIMITS.experience}
        {...form.getInputProps('teaching.experience')}
      />
    </Stack>
  )
}

export function DeliveryStep({ form }: { form: ApplicationForm }) {
  const inPerson = teachesInPerson(form.getValues())
  return (
    <Stack gap="lg">
      <Choices form={form} path="delivery.modes" label="How you would like to teach" options={optionsOf('DeliveryMode', 'tutor')} />
      {inPerson && (
        <Grid>
          <Grid.Col span={{ base: 24, sm: 16 }}>
            <TextInput
              label="Where you can travel to"
              description="Towns, boroughs or postcode areas, for lessons in person."
              required
              maxLength={LIMITS.travelArea}
              {...form.getInputProps('delivery.travelArea')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 8 }}>
            <TextInput label="Furthest you would travel, in miles (optional)" inputMode="numeric" maxLength={digitsOf(LIMITS.maxTravelMiles)} {...form.getInputProps('delivery.maxTravelMiles')} />
          </Grid.Col>
        </Grid>
      )}
      <Title order={3} size="h4">
        Your weekly availability
      </Title>
      <Choices form={form} path="availability.days" label="Days you are usually free" options={optionsOf('Weekday', 'tutor')} cols={4} />
      <Choices form={form} path="availability.times" label="Times of day" options={optionsOf('TimeOfDay', 'tutor')} />
      <Grid>
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <TextInput label="Hours a week you could teach" inputMode="numeric" required maxLength={digitsOf(LIMITS.hoursPerWeek)} {...form.getInputProps('availability.hoursPerWeek')} />
        </Grid.Col>
      </Grid>
    </Stack>
  )
}

function RefereeFields({ form, index }: { form: ApplicationForm; index: 0 | 1 }) {
  const path = `referees.${index}`
  return (
    <Fieldset legend={index === 0 ? 'First referee' : 'Second referee'} variant="unstyled">
      <Grid>
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <TextInput label="Name" required maxLength={LIMITS.name} {...form.getInputProps(`${path}.name`)} />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <TextInput label="How they know you" required maxLength={LIMITS.refereeRelationship} {...form.getInputProps(`${path}.relationship`)} />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <TextInput label="Email" type="email" required maxLength={LIMITS.email} {...form.getInputProps(`${path}.email`)} />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <TextInput label="Phone" type="tel" required maxLength={LIMITS.phone} {...form.getInputProps(`${path}.phone`)} />
        </Grid.Col>
      </Grid>
    </Fieldset>
  )
}

export function ChecksStep({ form }: { form: ApplicationForm }) {
  const hasCheck = form.getValues().backgroundCheck.hasEnhancedCheck === 'yes'
  return (
    <Stack gap="lg">
      <YesNo
        form={form}
        path="backgroundCheck.hasEnhancedCheck"
        label="Do you hold an enhanced DBS certificate (or equivalent) from the last three years?"
      />
      {hasCheck && (
        <Grid>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput
              label="Certificate number (optional)"
              description={`The ${LIMITS.certificateDigits} digits printed on the certificate. This device keeps it only until you close this tab.`}
              inputMode="numeric"
              // Room for the spaces between the groups of four digits, as the certificate prints them.
              maxLength={LIMITS.certificateDigits + 2}
              {...form.getInputProps('backgroundCheck.certificateNumber')}
            />
          </Grid.Col>
          <Grid.Col span={24}>
            <Checkbox label="My certificate is on the DBS update service" {...form.getInputProps('backgroundCheck.onUpdateService', { type: 'checkbox' })} />
          </Grid.Col>
        </Grid>
      )}
      <Checkbox
        label="I agree to an enhanced background check before I work with learners"
        description={
          <>
            Every tutor is checked before teaching, as our <PolicyLink slug="safeguarding-policy">safeguarding policy</PolicyLink> explains.
          </>
        }
        required
        {...form.getInputProps('backgroundCheck.consentToCheck', { type: 'checkbox' })}
      />
      <Title order={3} size="h4">
        Your referees
      </Title>
      <Text c="dimmed">
        Two people who know your work with children or adults, such as a head of department or a former employer. Neither can be a
        relative, and each needs their own email address.
      </Text>
      <RefereeFields form={form} index={0} />
      <RefereeFields form={form} index={1} />
    </Stack>
  )
}
