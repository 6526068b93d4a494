import { Grid, Group, MultiSelect, NumberInput, Radio, Select, Textarea, TextInput } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import { useQuery, type UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LIMITS } from '@shared/contract.gen'
import { subjectsQueryOptions } from '@/api/subjects'
import type { TutorProfileInput } from '@/api/tutors'
import { optionsOf } from '@shared/labels'
import { FormSection } from '@/ui/form-section'
import { useAppContext } from '@/app/use-app-context'
import { EnumChecks } from '@/routes/_authenticated/-components/enum-checks'
import { RecordForm } from '@/routes/_authenticated/-components/record-form'
import { TUTOR_FIELD_LABELS as LABEL, TUTOR_LIMITS } from './tutor-words'

/** The form's values: text as typed, numbers possibly blank; `toTutorInput` turns them into the contract's body. */
export interface TutorFormValues extends Record<string, unknown> {
  name: string
  phone: string
  postcode: string
  subjects: string[]
  levels: string[]
  modes: string[]
  travelArea: string
  maxTravelMiles: number | string
  availability: { days: string[]; times: string[] }
  hoursPerWeek: number | string
  highestQualification: string | null
  qualifiedTeacher: 'yes' | 'no' | 'unknown'
  qualifications: string
  experienceYears: number | string
  experience: string
  notes: string
}

export function tutorFormValues(fields: TutorProfileInput): TutorFormValues {
  return {
    name: fields.name,
    phone: fields.phone ?? '',
    postcode: fields.postcode ?? '',
    subjects: fields.subjects,
    levels: fields.levels,
    modes: fields.modes,
    travelArea: fields.travelArea ?? '',
    maxTravelMiles: fields.maxTravelMiles ?? '',
    availability: { days: fields.availability?.days ?? [], times: fields.availability?.times ?? [] },
    hoursPerWeek: fields.hoursPerWeek ?? '',
    highestQualification: fields.highestQualification ?? null,
    qualifiedTeacher: fields.qualifiedTeacher === undefined ? 'unknown' : fields.qualifiedTeacher ? 'yes' : 'no',
    qualifications: fields.qualifications ?? '',
    experienceYears: fields.experienceYears ?? '',
    experience: fields.experience ?? '',
    notes: fields.notes ?? '',
  }
}

/** Text as the contract wants it: trimmed, and left out when blank. */
const text = (value: string) => (value.trim() === '' ? undefined : value.trim())
const whole = (value: number | string) => (value === '' ? undefined : Number(value))

export function toTutorInput(values: TutorFormValues): TutorProfileInput {
  const { days, times } = values.availability
  return {
    name: values.name.trim(),
    phone: text(values.phone),
    postcode: text(values.postcode),
    subjects: values.subjects,
    levels: values.levels as TutorProfileInput['levels'],
    modes: values.modes as TutorProfileInput['modes'],
    travelArea: text(values.travelArea),
    maxTravelMiles: whole(values.maxTravelMiles),
    availability: days.length + times.length > 0 ? ({ days, times } as TutorProfileInput['availability']) : undefined,
    hoursPerWeek: whole(values.hoursPerWeek),
    highestQualification: (values.highestQualification ?? undefined) as TutorProfileInput['highestQualification'],
    qualifiedTeacher: values.qualifiedTeacher === 'unknown' ? undefined : values.qualifiedTeacher === 'yes',
    qualifications: text(values.qualifications),
    experienceYears: whole(values.experienceYears),
    experience: text(values.experience),
    notes: text(values.notes),
  }
}

export function useTutorForm(initial: TutorFormValues): UseFormReturnType<TutorFormValues> {
  return useForm<TutorFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: { name: (value) => (value.trim() === '' ? 'Enter the tutor’s name.' : null) },
  })
}

/** A number field within the contract's bounds; blank means "not known". */
function WholeNumber({ label, limits, input }: { label: string; limits: { minimum: number; maximum: number }; input: ReturnType<UseFormReturnType<TutorFormValues>['getInputProps']> }) {
  return <NumberInput label={label} min={limits.minimum} max={limits.maximum} allowDecimal={false} allowNegative={false} clampBehavior="none" {...input} />
}

/** The profile form: what the tutor teaches, where and when, and what they bring. */
export function TutorForm({
  form,
  save,
  submitLabel,
  cancel,
  onReload,
}: {
  form: UseFormReturnType<TutorFormValues>
  save: UseMutationResult<unknown, Error, TutorProfileInput>
  submitLabel: string
  cancel: ReactNode
  onReload?: () => Promise<void>
}) {
  const { api } = useAppContext()
  const subjects = useQuery(subjectsQueryOptions(api.subjects))
  const values = form.getValues()
  const subjectOptions = [...new Set([...(subjects.data?.items ?? []), ...values.subjects])]
  return (
    <RecordForm form={form} save={save} toInput={toTutorInput} submitLabel={submitLabel} cancel={cancel} onReload={onReload}>
      <FormSection title="The tutor">
        <Grid gap="md">
          <Grid.Col span={24}>
            <TextInput label={LABEL.name} required autoComplete="off" maxLength={LIMITS.PersonName.maxLength} {...form.getInputProps('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL.phone} type="tel" autoComplete="off" maxLength={LIMITS.Phone.maxLength} {...form.getInputProps('phone')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL.postcode} autoComplete="off" maxLength={LIMITS.Postcode.maxLength} {...form.getInputProps('postcode')} />
          </Grid.Col>
        </Grid>
      </FormSection>

      <FormSection title="Teaching" lead="What suggestions for a learner are ranked by: subject and level first, then the way of teaching.">
        <MultiSelect label={LABEL.subjects} searchable maxValues={TUTOR_LIMITS.subjects.maxItems} data={subjectOptions} {...form.getInputProps('subjects')} />
        <EnumChecks label={LABEL.levels} name="StudyLevel" audience="staff" input={form.getInputProps('levels')} />
        <EnumChecks label={LABEL.modes} name="DeliveryMode" audience="staff" input={form.getInputProps('modes')} />
      </FormSection>

      <FormSection title="Where and when">
        <Grid gap="md">
          <Grid.Col span={{ base: 24, sm: 16 }}>
            <TextInput
              label={LABEL.travelArea}
              description="Towns, areas or postcodes, separated by commas."
              maxLength={TUTOR_LIMITS.travelArea.maxLength}
              {...form.getInputProps('travelArea')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 8 }}>
            <WholeNumber label={LABEL.maxTravelMiles} limits={TUTOR_LIMITS.maxTravelMiles} input={form.getInputProps('maxTravelMiles')} />
          </Grid.Col>
        </Grid>
        <EnumChecks label={LABEL['availability.days']} name="Weekday" cols={{ base: 2, sm: 4 }} input={form.getInputProps('availability.days')} />
        <EnumChecks label={LABEL['availability.times']} name="TimeOfDay" input={form.getInputProps('availability.times')} />
        <WholeNumber label={LABEL.hoursPerWeek} limits={TUTOR_LIMITS.hoursPerWeek} input={form.getInputProps('hoursPerWeek')} />
      </FormSection>

      <FormSection title="Qualifications and experience">
        <Grid gap="md">
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <Select label={LABEL.highestQualification} clearable data={optionsOf('HighestQualification', 'staff')} {...form.getInputProps('highestQualification')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <WholeNumber label={LABEL.experienceYears} limits={TUTOR_LIMITS.experienceYears} input={form.getInputProps('experienceYears')} />
          </Grid.Col>
        </Grid>
        <Radio.Group label={LABEL.qualifiedTeacher} {...form.getInputProps('qualifiedTeacher')}>
          <Group mt="xs" gap="lg">
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
            <Radio value="unknown" label="Not known" />
          </Group>
        </Radio.Group>
        <Textarea label={LABEL.qualifications} autosize minRows={2} maxLength={TUTOR_LIMITS.qualifications.maxLength} {...form.getInputProps('qualifications')} />
        <Textarea label={LABEL.experience} autosize minRows={2} maxLength={TUTOR_LIMITS.experience.maxLength} {...form.getInputProps('experience')} />
      </FormSection>

      <FormSection title="Office notes">
        <Textarea label={LABEL.notes} description="Only staff see these." autosize minRows={2} maxLength={TUTOR_LIMITS.notes.maxLength} {...form.getInputProps('notes')} />
      </FormSection>
    </RecordForm>
  )
}
