import { Button, Card, Checkbox, Grid, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useForm, type UseFormReturnType } from '@mantine/form'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import type { UseMutationResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LIMITS } from '@shared/contract.gen'
import type { SchoolInput } from '@/api/schools'
import { optionsOf } from '@shared/labels'
import { FormSection } from '@/ui/form-section'
import { RecordForm } from '@/routes/_authenticated/-components/record-form'
import { SCHOOL_FIELD_LABELS as LABEL, SCHOOL_LIMITS } from './school-words'

interface ContactValues {
  name: string
  role: string
  email: string
  phone: string
  receivesReports: boolean
}

export interface SchoolFormValues extends Record<string, unknown> {
  name: string
  type: string | null
  address: { line1: string; line2: string; town: string; postcode: string }
  contacts: ContactValues[]
  safeguardingLead: { name: string; email: string; phone: string }
  pupilCount: number | string
  notes: string
}

const emptyContact = (): ContactValues => ({ name: '', role: '', email: '', phone: '', receivesReports: false })

export function schoolFormValues(fields?: SchoolInput): SchoolFormValues {
  return {
    name: fields?.name ?? '',
    type: fields?.type ?? null,
    address: { line1: fields?.address.line1 ?? '', line2: fields?.address.line2 ?? '', town: fields?.address.town ?? '', postcode: fields?.address.postcode ?? '' },
    contacts: fields?.contacts.map((contact) => ({ ...contact, receivesReports: contact.receivesReports ?? false })) ?? [emptyContact()],
    safeguardingLead: { name: fields?.safeguardingLead.name ?? '', email: fields?.safeguardingLead.email ?? '', phone: fields?.safeguardingLead.phone ?? '' },
    pupilCount: fields?.pupilCount ?? '',
    notes: fields?.notes ?? '',
  }
}

const text = (value: string) => (value.trim() === '' ? undefined : value.trim())

export function toSchoolInput(values: SchoolFormValues): SchoolInput {
  return {
    name: values.name.trim(),
    type: values.type as SchoolInput['type'],
    address: { line1: values.address.line1.trim(), line2: text(values.address.line2), town: values.address.town.trim(), postcode: values.address.postcode.trim() },
    contacts: values.contacts.map((contact) => ({
      name: contact.name.trim(),
      role: contact.role.trim(),
      email: contact.email.trim(),
      phone: contact.phone.trim(),
      ...(contact.receivesReports ? { receivesReports: true } : {}),
    })),
    safeguardingLead: { name: values.safeguardingLead.name.trim(), email: values.safeguardingLead.email.trim(), phone: text(values.safeguardingLead.phone) },
    pupilCount: values.pupilCount === '' ? undefined : Number(values.pupilCount),
    notes: text(values.notes),
  }
}

const required = (what: string) => (value: string) => (value.trim() === '' ? `Enter the ${what}.` : null)

export function useSchoolForm(initial: SchoolFormValues): UseFormReturnType<SchoolFormValues> {
  return useForm<SchoolFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      name: required('school’s name'),
      type: (value) => (value === null ? 'Choose the type of school.' : null),
      address: { line1: required('first line of the address'), town: required('town or city'), postcode: required('postcode') },
      contacts: { name: required('contact’s name'), role: required('contact’s role'), email: required('contact’s email'), phone: required('contact’s phone number') },
      safeguardingLead: { name: required('safeguarding lead’s name'), email: required('safeguarding lead’s email') },
    },
  })
}

function ContactFields({ form, index }: { form: UseFormReturnType<SchoolFormValues>; index: number }) {
  const count = form.getValues().contacts.length
  const title = index === 0 ? 'Main contact' : `Contact ${index + 1}`
  return (
    <Card withBorder padding="md" component="fieldset" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{title}</Text>
        {count > 1 && (
          <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => form.removeListItem('contacts', index)}>
            Remove {title.toLowerCase()}
          </Button>
        )}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <TextInput label={LABEL['contacts.name']} required maxLength={LIMITS.PersonName.maxLength} {...form.getInputProps(`contacts.${index}.name`)} />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <TextInput label={LABEL['contacts.role']} required maxLength={LIMITS.SchoolContact.role.maxLength} {...form.getInputProps(`contacts.${index}.role`)} />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <TextInput label={LABEL['contacts.email']} type="email" required maxLength={LIMITS.Email.maxLength} {...form.getInputProps(`contacts.${index}.email`)} />
        </Grid.Col>
        <Grid.Col span={{ base: 24, sm: 12 }}>
          <TextInput label={LABEL['contacts.phone']} type="tel" required maxLength={LIMITS.Phone.maxLength} {...form.getInputProps(`contacts.${index}.phone`)} />
        </Grid.Col>
        <Grid.Col span={24}>
          <Checkbox
            label={LABEL['contacts.receivesReports']}
            description="They are mailed what was covered, progress and homework from each approved report on the school's learners taught at school. Never the office's notes or concerns."
            {...form.getInputProps(`contacts.${index}.receivesReports`, { type: 'checkbox' })}
          />
        </Grid.Col>
      </Grid>
    </Card>
  )
}

/** The school form, for a new school and for an edit. */
export function SchoolForm({
  form,
  save,
  submitLabel,
  cancel,
  onReload,
}: {
  form: UseFormReturnType<SchoolFormValues>
  save: UseMutationResult<unknown, Error, SchoolInput>
  submitLabel: string
  cancel: ReactNode
  onReload?: () => Promise<void>
}) {
  const contacts = form.getValues().contacts
  return (
    <RecordForm form={form} save={save} toInput={toSchoolInput} submitLabel={submitLabel} cancel={cancel} onReload={onReload}>
      <FormSection title="The school">
        <Grid gap="md">
          <Grid.Col span={{ base: 24, sm: 14 }}>
            <TextInput label={LABEL.name} required maxLength={SCHOOL_LIMITS.name.maxLength} {...form.getInputProps('name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 10 }}>
            <Select label={LABEL.type} required allowDeselect={false} data={optionsOf('SchoolType', 'staff')} {...form.getInputProps('type')} />
          </Grid.Col>
          <Grid.Col span={24}>
            <TextInput label={LABEL['address.line1']} required maxLength={LIMITS.Address.line1.maxLength} {...form.getInputProps('address.line1')} />
          </Grid.Col>
          <Grid.Col span={24}>
            <TextInput label={LABEL['address.line2']} maxLength={LIMITS.Address.line2.maxLength} {...form.getInputProps('address.line2')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 14 }}>
            <TextInput label={LABEL['address.town']} required maxLength={LIMITS.Address.town.maxLength} {...form.getInputProps('address.town')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 10 }}>
            <TextInput label={LABEL['address.postcode']} required maxLength={LIMITS.Postcode.maxLength} {...form.getInputProps('address.postcode')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <NumberInput
              label={LABEL.pupilCount}
              min={SCHOOL_LIMITS.pupilCount.minimum}
              max={SCHOOL_LIMITS.pupilCount.maximum}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('pupilCount')}
            />
          </Grid.Col>
        </Grid>
      </FormSection>

      <FormSection title="Contacts" lead="The people the office deals with. The first is the main contact.">
        <Stack gap="md">
          {contacts.map((_, index) => (
            <ContactFields key={index} form={form} index={index} />
          ))}
          {contacts.length < SCHOOL_LIMITS.contacts.maxItems && (
            <Group>
              <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => form.insertListItem('contacts', emptyContact())}>
                Add a contact
              </Button>
            </Group>
          )}
        </Stack>
      </FormSection>

      <FormSection title="Safeguarding lead">
        <Grid gap="md">
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL['safeguardingLead.name']} required maxLength={LIMITS.PersonName.maxLength} {...form.getInputProps('safeguardingLead.name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL['safeguardingLead.email']} type="email" required maxLength={LIMITS.Email.maxLength} {...form.getInputProps('safeguardingLead.email')} />
          </Grid.Col>
          <Grid.Col span={{ base: 24, sm: 12 }}>
            <TextInput label={LABEL['safeguardingLead.phone']} type="tel" maxLength={LIMITS.Phone.maxLength} {...form.getInputProps('safeguardingLead.phone')} />
          </Grid.Col>
        </Grid>
      </FormSection>

      <FormSection title="Notes">
        <Textarea label={LABEL.notes} autosize minRows={3} maxLength={SCHOOL_LIMITS.notes.maxLength} {...form.getInputProps('notes')} />
      </FormSection>
    </RecordForm>
  )
}
