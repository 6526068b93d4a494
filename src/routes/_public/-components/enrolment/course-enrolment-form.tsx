import { Button, Group, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQuery } from '@tanstack/react-query'
import { courseQueryOptions, type CourseSummary } from '@/api/courses'
import type { ContactRelationship } from '@/api/registrations'
import { ENUMS } from '@shared/contract.gen'
import { isoDay } from '@shared/dates'
import { optionsOf } from '@shared/labels'
import { deliveryModeHints } from '@/forms/enrolment-options'
import { courseEnrolmentRequest } from '@/forms/enrolment-requests'
import {
  courseEnrolmentErrors,
  emptyAddress,
  emptyConsents,
  emptyContact,
  emptyStudent,
  ENROLMENT_LIMITS,
  isInPerson,
  type CourseEnrolmentValues,
} from '@/forms/enrolment-rules'
import { useEnrolmentSubmit } from '@/forms/enrolment-submit'
import { useAppContext } from '@/app/use-app-context'
import { AddressFields } from './address-fields'
import { ConsentFields } from './consent-fields'
import { ContactPersonFields } from './contact-person-fields'
import { EmergencyContactFields } from './emergency-contact-fields'
import { EnrolmentReceipt } from './enrolment-receipt'
import { FormProblem } from './form-problem'
import { FormSection } from '@/ui/form-section'
import { HoneypotField } from './honeypot-field'
import { HowHeardField } from './how-heard-field'
import { StudentFields } from './student-fields'

const ALL_RELATIONSHIPS: readonly ContactRelationship[] = ENUMS.ContactRelationship

const NEXT_STEPS = [
  'Within two working days our team contacts you to confirm the place, the start date and where the course meets.',
  'Before the first session you receive the joining details and anything the learner should bring.',
]

function emptyCourseEnrolment(course: CourseSummary | undefined): CourseEnrolmentValues {
  return {
    courseId: course?.id ?? null,
    start: 'date',
    startDate: '',
    cohort: '',
    // A course taught one way needs no choice.
    deliveryMode: course?.modes.length === 1 ? course.modes[0]! : null,
    address: emptyAddress,
    contact: emptyContact,
    student: emptyStudent,
    emergencyContact: { name: '', relationship: '', phone: '' },
    learningNeeds: '',
    ...emptyConsents,
  }
}

/** Asking for a place on a course: the course and how it is taken, the contact and learner, and consent. */
export function CourseEnrolmentForm({ courses, chosenId }: { courses: readonly CourseSummary[]; chosenId: string | undefined }) {
  const { api } = useAppContext()
  const courseById = new Map(courses.map((course) => [course.id, course]))
  const form = useForm<CourseEnrolmentValues>({
    initialValues: emptyCourseEnrolment(chosenId ? courseById.get(chosenId) : undefined),
    validate: (values) => courseEnrolmentErrors(values, (values.courseId && courseById.get(values.courseId)?.modes) || []),
  })
  const { formRef, problemRef, problem, onSubmit, sending, receipt, startAgain } = useEnrolmentSubmit({ form, toRequest: courseEnrolmentRequest, send: api.registrations.enrolCourse })
  const course = form.values.courseId ? courseById.get(form.values.courseId) : undefined
  const details = useQuery({ ...courseQueryOptions(api.courses, course?.id ?? ''), enabled: course !== undefined })

  if (receipt) {
    return (
      <EnrolmentReceipt
        receipt={receipt}
        title="Thank you, your place has been requested"
        nextSteps={NEXT_STEPS}
        startAgainLabel="Enrol in another course"
        onStartAgain={startAgain}
      />
    )
  }

  const chooseCourse = (courseId: string | null) => {
    form.setFieldValue('courseId', courseId)
    const modes = (courseId && courseById.get(courseId)?.modes) || []
    const mode = form.values.deliveryMode
    if (modes.length === 1) form.setFieldValue('deliveryMode', modes[0]!)
    else if (mode && !(modes as string[]).includes(mode)) form.setFieldValue('deliveryMode', null)
    form.clearFieldError('courseId')
  }
  const mode = form.values.deliveryMode

  return (
    <form noValidate ref={formRef} onSubmit={onSubmit} aria-label="Course enrolment">
      <Stack gap="lg">
        <FormProblem problem={problem} problemRef={problemRef} title="Your enrolment was not sent" />
        <FormSection title="The course">
          <Select
            label="Course"
            required
            searchable
            openOnFocus={false}
            allowDeselect={false}
            nothingFoundMessage="No course matches. Try another word."
            data={courses.map((option) => ({ value: option.id, label: option.title }))}
            {...form.getInputProps('courseId')}
            onChange={chooseCourse}
          />
          {course && (
            <Text c="dimmed" aria-live="polite">
              {course.level} · {course.duration}
              {details.data ? ` · ${details.data.schedule} · ${details.data.cost}` : ''}
            </Text>
          )}
          <Radio.Group label="When would you like to start?" required {...form.getInputProps('start')}>
            <Stack gap="xs" mt="xs">
              <Radio value="date" label="From a date that suits us" />
              <Radio value="cohort" label="With a particular intake" />
            </Stack>
          </Radio.Group>
          {form.values.start === 'date' ? (
            <TextInput label="Preferred start date" description="Today or any date in the next year." type="date" required min={isoDay(new Date())} {...form.getInputProps('startDate')} />
          ) : (
            <TextInput
              label="Which intake?"
              description="For example, “Spring half term” or “January 2027”."
              required
              maxLength={ENROLMENT_LIMITS.cohort}
              {...form.getInputProps('cohort')}
            />
          )}
          {course ? (
            <Radio.Group
              label="How would you like to take it?"
              description={course.modes.length === 1 ? 'This course is taught one way only.' : 'This course is taught in these ways.'}
              required
              {...form.getInputProps('deliveryMode')}
            >
              <Stack gap="sm" mt="xs">
                {optionsOf('DeliveryMode', 'public', course.modes).map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} description={deliveryModeHints[option.value]} />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Text c="dimmed">Choose a course to see the ways it is taught.</Text>
          )}
          {mode === 'home' && (
            <FormSection nested title="Home address" lead="Where the tutor will come for sessions.">
              <AddressFields field={(name) => form.getInputProps(`address.${name}`)} />
            </FormSection>
          )}
        </FormSection>

        <FormSection title="Your contact details" lead="For a learner under 18, a parent, guardian or carer fills this in.">
          <ContactPersonFields form={form} relationships={ALL_RELATIONSHIPS} />
        </FormSection>

        <FormSection title="The learner" lead="If you are enrolling yourself, enter your own details.">
          <StudentFields form={form} />
        </FormSection>

        {isInPerson(mode) && (
          <FormSection title="Emergency contact" lead="Someone we can call if anything happens during a session in person. It can be you.">
            <EmergencyContactFields form={form} />
          </FormSection>
        )}

        <FormSection title="Anything else">
          <Textarea
            label="Learning needs (optional)"
            description="Anything that helps the tutor plan, such as SEND, access needs, or what has worked before."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={ENROLMENT_LIMITS.longText}
            {...form.getInputProps('learningNeeds')}
          />
          <HowHeardField form={form} />
        </FormSection>

        <FormSection title="Your consent">
          <ConsentFields form={form} about="the learner’s place on the course" />
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
