import { Button, Checkbox, Grid, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { optionsOf } from '@shared/labels'
import { schoolEnrolmentRequest } from '@/forms/enrolment-requests'
import { emptyAddress, emptyConsents, ENROLMENT_LIMITS, schoolEnrolmentErrors, type SchoolEnrolmentValues } from '@/forms/enrolment-rules'
import { useEnrolmentSubmit } from '@/forms/enrolment-submit'
import { startTermOptions } from '@/forms/enrolment-terms'
import { useAppContext } from '@/app/use-app-context'
import { AddressFields } from './address-fields'
import { ConsentFields } from './consent-fields'
import { EnrolmentReceipt } from './enrolment-receipt'
import { FormProblem } from './form-problem'
import { FormSection } from '@/ui/form-section'
import { HoneypotField } from './honeypot-field'
import { HowHeardField } from './how-heard-field'

const emptySchoolEnrolment: SchoolEnrolmentValues = {
  school: { name: '', type: null, address: emptyAddress },
  mainContact: { name: '', role: '', email: '', phone: '' },
  safeguardingLead: { name: '', email: '', phone: '' },
  subjects: [],
  yearGroups: [],
  pupilCount: '',
  delivery: [],
  preferredDays: [],
  start: null,
  notes: '',
  ...emptyConsents,
}

/** The contract asks for the start as a term and a year; the form asks for both in one choice. */
const RENAMED_FIELDS = { startTerm: 'start', startYear: 'start' }

const NEXT_STEPS = [
  'Within three working days our schools team arranges a call to understand your pupils’ needs.',
  'We then send a proposed plan and costs, and agree tutors, timetable and safeguarding checks with your safeguarding lead.',
]

/** Enrolling a school in TEC in every school: the school, its contacts, what it would like, and consent. */
export function SchoolEnrolmentForm({ subjects }: { subjects: readonly string[] }) {
  const { api } = useAppContext()
  const [terms] = useState(() => startTermOptions())
  const form = useForm<SchoolEnrolmentValues>({ initialValues: emptySchoolEnrolment, validate: (values) => schoolEnrolmentErrors(values) })
  const { formRef, problemRef, problem, onSubmit, sending, receipt, startAgain } = useEnrolmentSubmit({ form, toRequest: schoolEnrolmentRequest, send: api.registrations.enrolSchool, rename: RENAMED_FIELDS })

  if (receipt) {
    return (
      <EnrolmentReceipt
        receipt={receipt}
        title="Thank you, your school’s enrolment has been received"
        nextSteps={NEXT_STEPS}
        startAgainLabel="Enrol another school"
        onStartAgain={startAgain}
      />
    )
  }

  return (
    <form noValidate ref={formRef} onSubmit={onSubmit} aria-label="School enrolment">
      <Stack gap="lg">
        <FormProblem problem={problem} problemRef={problemRef} title="Your enrolment was not sent" />
        <FormSection title="Your school">
          <Grid gap="md">
            <Grid.Col span={{ base: 24, sm: 14 }}>
              <TextInput label="School name" autoComplete="organization" required maxLength={ENROLMENT_LIMITS.schoolName} {...form.getInputProps('school.name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 24, sm: 10 }}>
              <Select label="Type of school" required allowDeselect={false} data={optionsOf('SchoolType')} {...form.getInputProps('school.type')} />
            </Grid.Col>
          </Grid>
          <AddressFields field={(name) => form.getInputProps(`school.address.${name}`)} />
        </FormSection>

        <FormSection title="Main contact" lead="The person we arrange the programme with.">
          <Grid gap="md">
            <Grid.Col span={{ base: 24, sm: 12 }}>
              <TextInput label="Full name" autoComplete="name" required maxLength={ENROLMENT_LIMITS.personName} {...form.getInputProps('mainContact.name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 24, sm: 12 }}>
              <TextInput
                label="Role"
                description="For example, Deputy head or SENCo."
                autoComplete="organization-title"
                required
                maxLength={ENROLMENT_LIMITS.contactRole}
                {...form.getInputProps('mainContact.role')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 24, sm: 12 }}>
              <TextInput label="Email" type="email" autoComplete="email" required maxLength={ENROLMENT_LIMITS.email} {...form.getInputProps('mainContact.email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 24, sm: 12 }}>
              <TextInput label="Phone" type="tel" autoComplete="tel" required maxLength={ENROLMENT_LIMITS.phone} {...form.getInputProps('mainContact.phone')} />
            </Grid.Col>
          </Grid>
        </FormSection>

        <FormSection title="Designated safeguarding lead" lead="We share tutors’ DBS checks and agree safeguarding arrangements with this person.">
          <Grid gap="md">
            <Grid.Col span={{ base: 24, sm: 12 }}>
              <TextInput label="Full name" required maxLength={ENROLMENT_LIMITS.personName} {...form.getInputProps('safeguardingLead.name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 24, sm: 12 }}>
              <TextInput label="Email" type="email" required maxLength={ENROLMENT_LIMITS.email} {...form.getInputProps('safeguardingLead.email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 24, sm: 12 }}>
              <TextInput label="Phone (optional)" type="tel" maxLength={ENROLMENT_LIMITS.phone} {...form.getInputProps('safeguardingLead.phone')} />
            </Grid.Col>
          </Grid>
        </FormSection>

        <FormSection title="What you would like">
          <MultiSelect
            label="Subjects"
            description={`Choose up to ${ENROLMENT_LIMITS.schoolSubjects}. Type to search the list.`}
            required
            searchable
            openOnFocus={false}
            hidePickedOptions
            maxValues={ENROLMENT_LIMITS.schoolSubjects}
            nothingFoundMessage="No subject matches. Choose the nearest one and tell us more in the notes."
            data={[...subjects]}
            {...form.getInputProps('subjects')}
          />
          <Checkbox.Group label="Year groups" required {...form.getInputProps('yearGroups')}>
            <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="sm" verticalSpacing="xs" mt="xs">
              {optionsOf('SchoolYear').map((option) => (
                <Checkbox key={option.value} value={option.value} label={option.label} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <NumberInput
            label="About how many pupils would take part?"
            required
            min={ENROLMENT_LIMITS.pupilsMin}
            max={ENROLMENT_LIMITS.pupilsMax}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            maw={320}
            {...form.getInputProps('pupilCount')}
          />
          <Checkbox.Group label="How would you like tutoring to run?" required {...form.getInputProps('delivery')}>
            <Stack gap="xs" mt="xs">
              {optionsOf('SchoolDelivery').map((option) => (
                <Checkbox key={option.value} value={option.value} label={option.label} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Checkbox.Group label="Preferred days" required {...form.getInputProps('preferredDays')}>
            <Group gap="md" mt="xs">
              {optionsOf('Weekday').map((option) => (
                <Checkbox key={option.value} value={option.value} label={option.label} />
              ))}
            </Group>
          </Checkbox.Group>
          <Select label="When would you like to start?" required allowDeselect={false} data={terms} maw={320} {...form.getInputProps('start')} />
          <Textarea
            label="Notes (optional)"
            description="Anything that helps us plan, such as the pupils’ needs, your timetable or funding such as the pupil premium."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={ENROLMENT_LIMITS.longText}
            {...form.getInputProps('notes')}
          />
          <HowHeardField form={form} />
        </FormSection>

        <FormSection title="Your consent">
          <ConsentFields form={form} about="the school’s programme" />
        </FormSection>

        <HoneypotField form={form} />
        <Group>
          <Button type="submit" size="md" loading={sending}>
            Send enrolment
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
