import { Button, Group, MultiSelect, Radio, Select, Stack, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import type { ApplicantType, ContactRelationship } from '@/api/registrations'
import { optionsOf } from '@shared/labels'
import { deliveryModeHints, relationshipsFor } from '@/forms/enrolment-options'
import { subjectEnrolmentRequest } from '@/forms/enrolment-requests'
import {
  emptyAddress,
  emptyConsents,
  emptyContact,
  emptyStudent,
  ENROLMENT_LIMITS,
  subjectEnrolmentErrors,
  type SubjectEnrolmentValues,
} from '@/forms/enrolment-rules'
import { useEnrolmentSubmit } from '@/forms/enrolment-submit'
import { useAppContext } from '@/app/use-app-context'
import { AddressFields } from './address-fields'
import { AvailabilityFields } from './availability-fields'
import { ConsentFields } from './consent-fields'
import { ContactPersonFields } from './contact-person-fields'
import { EnrolmentReceipt } from './enrolment-receipt'
import { FormProblem } from './form-problem'
import { FormSection } from '@/ui/form-section'
import { HoneypotField } from './honeypot-field'
import { HowHeardField } from './how-heard-field'
import { StudentFields } from './student-fields'

const emptySubjectEnrolment: SubjectEnrolmentValues = {
  applicantType: null,
  contact: emptyContact,
  student: emptyStudent,
  subjects: [],
  level: null,
  goals: '',
  deliveryMode: null,
  address: emptyAddress,
  availability: { days: [], times: [], startDate: '', frequency: null, lessonMinutes: null },
  learningNeeds: '',
  ...emptyConsents,
}

const NEXT_STEPS = [
  'Within two working days our team calls or writes, the way you asked, to talk about the learner and agree a tutor.',
  'Your tutor then arranges the first lesson with you, on a day and at a time that suits.',
]

/** Enrolment in one or more subjects: who is asking, the learner, what and where, when, and consent. */
export function SubjectEnrolmentForm({ subjects }: { subjects: readonly string[] }) {
  const { api } = useAppContext()
  const form = useForm<SubjectEnrolmentValues>({ initialValues: emptySubjectEnrolment, validate: (values) => subjectEnrolmentErrors(values) })
  const { formRef, problemRef, problem, onSubmit, sending, receipt, startAgain } = useEnrolmentSubmit({ form, toRequest: subjectEnrolmentRequest, send: api.registrations.enrolSubject })

  if (receipt) {
    return (
      <EnrolmentReceipt
        receipt={receipt}
        title="Thank you, your enrolment has been received"
        nextSteps={NEXT_STEPS}
        startAgainLabel="Enrol another learner"
        onStartAgain={startAgain}
      />
    )
  }

  const applicantType = form.values.applicantType as ApplicantType | null
  const relationships: readonly ContactRelationship[] = applicantType ? relationshipsFor[applicantType] : relationshipsFor.parent_guardian
  const chooseApplicant = (value: string) => {
    form.setFieldValue('applicantType', value)
    const fitting = relationshipsFor[value as ApplicantType]
    // An adult learner is their own contact; otherwise keep a relationship that still fits.
    const current = form.values.contact.relationship as ContactRelationship | null
    form.setFieldValue('contact.relationship', fitting.length === 1 ? fitting[0]! : current && fitting.includes(current) ? current : null)
    form.clearFieldError('applicantType')
  }

  return (
    <form noValidate ref={formRef} onSubmit={onSubmit} aria-label="Subject enrolment">
      <Stack gap="lg">
        <FormProblem problem={problem} problemRef={problemRef} title="Your enrolment was not sent" />
        <FormSection title="About you">
          <Radio.Group label="Who is filling in this form?" required {...form.getInputProps('applicantType')} onChange={chooseApplicant}>
            <Stack gap="xs" mt="xs">
              {optionsOf('ApplicantType').map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} />
              ))}
            </Stack>
          </Radio.Group>
          <ContactPersonFields form={form} relationships={relationships} />
        </FormSection>

        <FormSection title="The learner" lead="Tell us who the lessons are for. If you are enrolling yourself, enter your own details.">
          <StudentFields form={form} />
        </FormSection>

        <FormSection title="Subjects and goals">
          <MultiSelect
            label="Subjects"
            description={`Choose up to ${ENROLMENT_LIMITS.subjects}. Type to search the list.`}
            required
            searchable
            openOnFocus={false}
            hidePickedOptions
            maxValues={ENROLMENT_LIMITS.subjects}
            nothingFoundMessage="No subject matches. Choose the nearest one and tell us more under goals."
            data={[...subjects]}
            {...form.getInputProps('subjects')}
          />
          <Select label="Level" required allowDeselect={false} data={optionsOf('StudyLevel')} {...form.getInputProps('level')} />
          <Textarea
            label="What would the learner like to achieve?"
            description="For example, grow in confidence with fractions, or reach a grade 6 in GCSE English."
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={ENROLMENT_LIMITS.longText}
            {...form.getInputProps('goals')}
          />
        </FormSection>

        <FormSection title="Where lessons happen">
          <Radio.Group label="How would you like to learn?" required {...form.getInputProps('deliveryMode')}>
            <Stack gap="sm" mt="xs">
              {optionsOf('DeliveryMode').map((option) => (
                <Radio key={option.value} value={option.value} label={option.label} description={deliveryModeHints[option.value]} />
              ))}
            </Stack>
          </Radio.Group>
          {form.values.deliveryMode === 'home' && (
            <FormSection nested title="Home address" lead="Where the tutor will come for lessons.">
              <AddressFields field={(name) => form.getInputProps(`address.${name}`)} />
            </FormSection>
          )}
        </FormSection>

        <FormSection title="When lessons suit">
          <AvailabilityFields form={form} />
        </FormSection>

        <FormSection title="Anything else">
          <Textarea
            label="Learning needs (optional)"
            description="Anything that helps the tutor plan, such as SEND, an EHC plan, or what has worked before."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={ENROLMENT_LIMITS.longText}
            {...form.getInputProps('learningNeeds')}
          />
          <HowHeardField form={form} />
        </FormSection>

        <FormSection title="Your consent">
          <ConsentFields form={form} about="the learner’s lessons" />
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
