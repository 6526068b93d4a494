import { Grid, Group, MultiSelect, NumberInput, Radio, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData, useQuery, type UseMutationResult } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { LIMITS } from '@shared/contract.gen'
import { schoolsQueryOptions } from '@/api/schools'
import type { StudentInput, StudentStatus } from '@/api/students'
import { subjectsQueryOptions } from '@/api/subjects'
import { optionsOf } from '@shared/labels'
import { FormSection } from '@/ui/form-section'
import { useAppContext } from '@/app/use-app-context'
import { EnumChecks } from '@/routes/_authenticated/-components/enum-checks'
import { RecordForm } from '@/routes/_authenticated/-components/record-form'
import { STUDENT_FIELD_LABELS as LABEL, STUDENT_LIMITS } from './student-words'

/** The form's values: text as typed, choices possibly unmade; `toStudentInput` turns them into the contract's body. */
export interface StudentFormValues extends Record<string, unknown> {
  name: string
  age: number | string
  yearGroup: string | null
  schoolKind: 'none' | 'partner' | 'other'
  schoolId: string | null
  schoolName: string
  contact: { name: string; relationship: string | null; email: string; phone: string; preferredContact: string | null }
  address: { line1: string; line2: string; town: string; postcode: string }
  subjects: string[]
  level: string | null
  deliveryMode: string
  availability: { days: string[]; times: string[] }
  goals: string
  needs: string
  notesForTutors: string
  status: StudentStatus
}

export function studentFormValues(fields?: StudentInput): StudentFormValues {
  return {
    name: fields?.name ?? '',
    age: fields?.age ?? '',
    yearGroup: fields?.yearGroup ?? null,
    schoolKind: fields?.schoolId ? 'partner' : fields?.schoolName ? 'other' : 'none',
    schoolId: fields?.schoolId ?? null,
    schoolName: fields?.schoolName ?? '',
    contact: {
      name: fields?.contact.name ?? '',
      relationship: fields?.contact.relationship ?? null,
      email: fields?.contact.email ?? '',
      phone: fields?.contact.phone ?? '',
      preferredContact: fields?.contact.preferredContact ?? null,
    },
    address: { line1: fields?.address?.line1 ?? '', line2: fields?.address?.line2 ?? '', town: fields?.address?.town ?? '', postcode: fields?.address?.postcode ?? '' },
    subjects: fields?.subjects ?? [],
    level: fields?.level ?? null,
    deliveryMode: fields?.deliveryMode ?? '',
    availability: { days: fields?.availability?.days ?? [], times: fields?.availability?.times ?? [] },
    goals: fields?.goals ?? '',
    needs: fields?.needs ?? '',
    notesForTutors: fields?.notesForTutors ?? '',
    status: fields?.status ?? 'waiting',
  }
}

/** Text as the contract wants it: trimmed, and left out when blank. */
const text = (value: string) => (value.trim() === '' ? undefined : value.trim())

export function toStudentInput(values: StudentFormValues): StudentInput {
  const address = values.address
  const hasAddress = [address.line1, address.line2, address.town, address.postcode].some((part) => part.trim() !== '')
  const { days, times } = values.availability
  return {
    name: values.name.trim(),
    age: values.age === '' ? undefined : Number(values.age),
    yearGroup: (values.yearGroup ?? undefined) as StudentInput['yearGroup'],
    schoolId: values.schoolKind === 'partner' ? (values.schoolId ?? undefined) : undefined,
    schoolName: values.schoolKind === 'other' ? text(values.schoolName) : undefined,
    contact: {
      name: values.contact.name.trim(),
      relationship: (values.contact.relationship ?? undefined) as StudentInput['contact']['relationship'],
      email: values.contact.email.trim(),
      phone: values.contact.phone.trim(),
      preferredContact: (values.contact.preferredContact ?? undefined) as StudentInput['contact']['preferredContact'],
    },
    address: hasAddress ? { line1: address.line1.trim(), line2: text(address.line2), town: address.town.trim(), postcode: address.postcode.trim() } : undefined,
    subjects: values.subjects,
    level: (values.level ?? undefined) as StudentInput['level'],
    deliveryMode: values.deliveryMode as StudentInput['deliveryMode'],
    availability: days.length + times.length > 0 ? ({ days, times } as StudentInput['availability']) : undefined,
    goals: text(values.goals),
    needs: text(values.needs),
    notesForTutors: text(values.notesForTutors),
    status: values.status,
  }
}

const required = (what: string) => (value: string) => (value.trim() === '' ? `Enter the ${what}.` : null)

export function useStudentForm(initial: StudentFormValues): UseFormReturnType<StudentFormValues> {
  return useForm<StudentFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      name: required('learner’s name'),
      contact: { name: required('contact’s name'), email: required('contact’s email'), phone: required('contact’s phone number') },
      subjects: (value) => (value.length === 0 ? 'Choose at least one subject.' : null),
      deliveryMode: (value) => (value === '' ? 'Choose where lessons happen.' : null),
      schoolId: (value, values) => (values.schoolKind === 'partner' && value === null ? 'Choose the partner school.' : null),
    },
  })
}

/** A searchable list of partner schools, searched on the server as the person types. */
function PartnerSchoolSelect({ form, current }: { form: UseFormReturnType<StudentFormValues>; current?: { id: string; name: string } }) {
  const { api } = useAppContext()
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search, 300)
  const schools = useQuery({ ...schoolsQueryOptions(api.schools, { ...(q ? { q } : {}), page: 1, pageSize: 20 }), placeholderData: keepPreviousData })
  const options = (schools.data?.items ?? []).map((school) => ({ value: school.id, label: `${school.name}, ${school.town}` }))
  if (current && !options.some((option) => option.value === current.id)) options.unshift({ value: current.id, label: current.name })
  return (
    <Select
      label={LABEL.schoolId}
      description="Type part of its name, town or postcode."
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={schools.isFetching ? 'Searching…' : 'No partner school matches. Add the school first, or type its name instead.'}
      data={options}
      required
      {...form.getInputProps('schoolId')}
    />
  )
}

/** The student form, for a new student and for an edit: the same fields and words either way. */
export function StudentForm({
  form,
  save,
  submitLabel,
  cancel,
  onReload,
  partnerSchool,
}: {
  form: UseFormReturnType<StudentFormValues>
  save: UseMutationResult<unknown, Error, StudentInput>
  submitLabel: string
  cancel: ReactNode
  onReload?: () => Promise<void>
  partnerSchool?: { id: string; name: string }
}) {
  const { api } = useAppContext()
  const subjects = useQuery(subjectsQueryOptions(api.subjects))
  const values = form.getValues()
  const subjectOptions = [...new Set([...(subjects.data?.items ?? []), ...values.subjects])]
  return (
    <RecordForm form={form} save={save} toInput={toStudentInput} submitLabel={submitLabel} cancel={cancel} onReload={onReload}>
      <FormSection title="The learner">
        <Grid gap="md">
          <Grid.Col span={{ base: 24, sm: 16 }}>
            <TextInput label={LABEL.name} required maxLength={LIMITS.PersonName.maxLength} {...form.getInputProps('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 8 }}>
            <Select label={LABEL.status} required allowDeselect={false} data={optionsOf('StudentStatus')} {...form.getInputProps('status')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 8 }}>
            <NumberInput
              label={LABEL.age}
              min={STUDENT_LIMITS.age.minimum}
              max={STUDENT_LIMITS.age.maximum}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('age')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 16 }}>
            <Select label={LABEL.yearGroup} clearable data={optionsOf('SchoolYear')} {...form.getInputProps('yearGroup')} />
          </Grid.Col>
        </Grid>
        <Stack gap="xs">
          <Radio.Group label="School" {...form.getInputProps('schoolKind')}>
            <Group mt="xs" gap="lg">
              <Radio value="none" label="None recorded" />
              <Radio value="partner" label="A partner school" />
              <Radio value="other" label="Another school" />
            </Group>
          </Radio.Group>
          {values.schoolKind === 'partner' && <PartnerSchoolSelect form={form} current={partnerSchool} />}
          {values.schoolKind === 'other' && (
            <TextInput label={LABEL.schoolName} required maxLength={STUDENT_LIMITS.schoolName.maxLength} {...form.getInputProps('schoolName')} />
          )}
        </Stack>
      </FormSection>

      <FormSection title="Contact" lead="Who the office talks to about the learner: the learner themselves when an adult.">
        <Grid gap="md">
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL['contact.name']} required autoComplete="off" maxLength={LIMITS.PersonName.maxLength} {...form.getInputProps('contact.name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <Select label={LABEL['contact.relationship']} clearable data={optionsOf('ContactRelationship', 'staff')} {...form.getInputProps('contact.relationship')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL['contact.email']} type="email" required maxLength={LIMITS.Email.maxLength} {...form.getInputProps('contact.email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL['contact.phone']} type="tel" required maxLength={LIMITS.Phone.maxLength} {...form.getInputProps('contact.phone')} />
          </Grid.Col>
          <Grid.Col span={24}>
            <Select label={LABEL['contact.preferredContact']} clearable data={optionsOf('PreferredContact')} {...form.getInputProps('contact.preferredContact')} />
          </Grid.Col>
        </Grid>
      </FormSection>

      <FormSection title="Learning">
        <MultiSelect
          label={LABEL.subjects}
          required
          searchable
          maxValues={STUDENT_LIMITS.subjects.maxItems}
          data={subjectOptions}
          {...form.getInputProps('subjects')}
        />
        <Select label={LABEL.level} clearable data={optionsOf('StudyLevel', 'staff')} {...form.getInputProps('level')} />
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id="delivery-mode-label">
            {LABEL.deliveryMode} <span aria-hidden>*</span>
          </Text>
          <SegmentedControl
            aria-labelledby="delivery-mode-label"
            data={optionsOf('DeliveryMode', 'staff')}
            value={values.deliveryMode}
            onChange={(mode) => form.setFieldValue('deliveryMode', mode)}
            fullWidth
            maw={560}
          />
          {form.errors.deliveryMode && (
            <Text size="sm" c="red" role="alert">
              {form.errors.deliveryMode}
            </Text>
          )}
        </Stack>
        <EnumChecks label={LABEL['availability.days']} name="Weekday" cols={{ base: 2, sm: 4 }} input={form.getInputProps('availability.days')} />
        <EnumChecks label={LABEL['availability.times']} name="TimeOfDay" input={form.getInputProps('availability.times')} />
      </FormSection>

      <FormSection title="Address" lead="Where lessons at home happen; needed for lessons at home.">
        <Grid gap="md">
          <Grid.Col span={24}>
            <TextInput label={LABEL['address.line1']} maxLength={LIMITS.Address.line1.maxLength} {...form.getInputProps('address.line1')} />
          </Grid.Col>
          <Grid.Col span={24}>
            <TextInput label={LABEL['address.line2']} maxLength={LIMITS.Address.line2.maxLength} {...form.getInputProps('address.line2')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 14 }}>
            <TextInput label={LABEL['address.town']} maxLength={LIMITS.Address.town.maxLength} {...form.getInputProps('address.town')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 10 }}>
            <TextInput label={LABEL['address.postcode']} maxLength={LIMITS.Postcode.maxLength} {...form.getInputProps('address.postcode')} />
          </Grid.Col>
        </Grid>
      </FormSection>

      <FormSection title="Goals, needs and notes">
        <Textarea label={LABEL.goals} autosize minRows={2} maxLength={STUDENT_LIMITS.goals.maxLength} {...form.getInputProps('goals')} />
        <Textarea label={LABEL.needs} description="Additional needs, SEND, anything that helps a tutor." autosize minRows={2} maxLength={STUDENT_LIMITS.needs.maxLength} {...form.getInputProps('needs')} />
        <Textarea
          label={LABEL.notesForTutors}
          description="The learner's tutors can read these."
          autosize
          minRows={2}
          maxLength={STUDENT_LIMITS.notesForTutors.maxLength}
          {...form.getInputProps('notesForTutors')}
        />
      </FormSection>
    </RecordForm>
  )
}
