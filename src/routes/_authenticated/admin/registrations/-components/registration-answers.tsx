import { Anchor, List, Stack, Text, Title } from '@mantine/core'
import { FactCard } from '@/ui/back-office/fact-card'
import type { ReactNode } from 'react'
import type {
  CourseEnrolmentRequest,
  Registration,
  SchoolEnrolmentRequest,
  SubjectEnrolmentRequest,
  TutorApplicationRequest,
} from '@/api/registrations'
import type { components } from '@/api/schema.gen'
import { formatDate } from '@/app/format-date'
import { labelOf, type EnumName, type EnumValue } from '@shared/labels'
import { mailtoHref } from '@/ui/mailto'

type Schemas = components['schemas']

/** One answer: a label and what the person said; absent answers are left out. */
interface Answer {
  label: string
  value: ReactNode
}

export interface AnswerSection {
  title: string
  answers: Answer[]
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')
/** The staff's words for one value of a contract enum. */
const staff = <Name extends EnumName>(name: Name, value: EnumValue<Name>) => labelOf(name, value, 'staff')

/** Several texts joined by commas; nothing for none. */
const texts = (values: readonly string[] | undefined) => (values && values.length > 0 ? values.join(', ') : undefined)

/** Several values of a contract enum, in staff words. */
const list = <Name extends EnumName>(values: readonly EnumValue<Name>[] | undefined, name: Name) => texts(values?.map((value) => staff(name, value)))
const email = (address: string) => <Anchor href={mailtoHref(address)}>{address}</Anchor>
const phone = (number: string) => <Anchor href={`tel:${number.replace(/[^0-9+]/g, '')}`}>{number}</Anchor>
const paragraphs = (text: string | undefined) => (text ? <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text> : undefined)
const address = (value: Schemas['Address'] | undefined) =>
  value ? [value.line1, value.line2, value.town, value.postcode.toUpperCase()].filter(Boolean).join(', ') : undefined

function answers(...items: [string, ReactNode | undefined][]): Answer[] {
  return items.filter((item): item is [string, ReactNode] => item[1] !== undefined && item[1] !== '').map(([label, value]) => ({ label, value }))
}

function contactSection(contact: Schemas['ContactPerson'], applicantType?: Schemas['ApplicantType']): AnswerSection {
  return {
    title: 'Contact',
    answers: answers(
      ['Filled in by', applicantType && staff('ApplicantType', applicantType)],
      ['Name', contact.name],
      ['Relationship to the learner', staff('ContactRelationship', contact.relationship)],
      ['Organisation', contact.organisation],
      ['Email', email(contact.email)],
      ['Phone', phone(contact.phone)],
      ['Prefers', staff('PreferredContact', contact.preferredContact)],
    ),
  }
}

function studentSection(student: Schemas['StudentDetails']): AnswerSection {
  return {
    title: 'Learner',
    answers: answers(
      ['Name', student.name],
      ['Age', student.age === undefined ? undefined : String(student.age)],
      ['Year group', student.yearGroup && staff('SchoolYear', student.yearGroup)],
      ['School', student.school],
    ),
  }
}

function consentSection(form: { heardAbout?: Schemas['HowHeard']; privacyConsent: boolean; marketingConsent?: boolean }): AnswerSection {
  return {
    title: 'Consent and how they heard of us',
    answers: answers(
      ['Heard of us through', form.heardAbout && staff('HowHeard', form.heardAbout)],
      ['Agreed to the privacy notice', yesNo(form.privacyConsent)],
      ['News and offers by email', yesNo(form.marketingConsent ?? false)],
    ),
  }
}

function subjectSections(form: SubjectEnrolmentRequest): AnswerSection[] {
  return [
    contactSection(form.contact, form.applicantType),
    studentSection(form.student),
    {
      title: 'Learning',
      answers: answers(
        ['Subjects', texts(form.subjects)],
        ['Level', staff('StudyLevel', form.level)],
        ['Goals', paragraphs(form.goals)],
        ['Learning needs', paragraphs(form.learningNeeds)],
      ),
    },
    {
      title: 'Lessons',
      answers: answers(
        ['Where', staff('DeliveryMode', form.deliveryMode)],
        ['Address', address(form.address)],
        ['Days', list(form.availability.days, 'Weekday')],
        ['Times', list(form.availability.times, 'TimeOfDay')],
        ['Start', formatDate(form.availability.startDate)],
        ['How often', staff('LessonFrequency', form.availability.frequency)],
        ['Lesson length', `${form.availability.lessonMinutes} minutes`],
      ),
    },
    consentSection(form),
  ]
}

function courseSections(form: CourseEnrolmentRequest, course: Registration['course']): AnswerSection[] {
  return [
    {
      title: 'Course',
      answers: answers(
        ['Course', course?.title ?? form.courseId],
        ['Preferred start', form.startDate && formatDate(form.startDate)],
        ['Cohort', form.cohort],
        ['Where', staff('DeliveryMode', form.deliveryMode)],
        ['Address', address(form.address)],
      ),
    },
    contactSection(form.contact),
    studentSection(form.student),
    ...(form.emergencyContact
      ? [
          {
            title: 'Emergency contact',
            answers: answers(
              ['Name', form.emergencyContact.name],
              ['Relationship', form.emergencyContact.relationship],
              ['Phone', phone(form.emergencyContact.phone)],
            ),
          },
        ]
      : []),
    { title: 'Learning needs', answers: answers(['Learning needs', paragraphs(form.learningNeeds)]) },
    consentSection(form),
  ]
}

function schoolSections(form: SchoolEnrolmentRequest): AnswerSection[] {
  return [
    {
      title: 'School',
      answers: answers(['Name', form.school.name], ['Type', staff('SchoolType', form.school.type)], ['Address', address(form.school.address)]),
    },
    {
      title: 'Main contact',
      answers: answers(
        ['Name', form.mainContact.name],
        ['Role', form.mainContact.role],
        ['Email', email(form.mainContact.email)],
        ['Phone', phone(form.mainContact.phone)],
      ),
    },
    {
      title: 'Safeguarding lead',
      answers: answers(
        ['Name', form.safeguardingLead.name],
        ['Email', email(form.safeguardingLead.email)],
        ['Phone', form.safeguardingLead.phone && phone(form.safeguardingLead.phone)],
      ),
    },
    {
      title: 'Programme',
      answers: answers(
        ['Subjects', texts(form.subjects)],
        ['Year groups', list(form.yearGroups, 'SchoolYear')],
        ['About how many pupils', String(form.pupilCount)],
        ['Delivery', list(form.delivery, 'SchoolDelivery')],
        ['Preferred days', list(form.preferredDays, 'Weekday')],
        ['Start', `${staff('SchoolTerm', form.startTerm)} ${form.startYear}`],
        ['Notes', paragraphs(form.notes)],
      ),
    },
    consentSection(form),
  ]
}

function tutorSections(form: TutorApplicationRequest): AnswerSection[] {
  const check = form.backgroundCheck
  return [
    {
      title: 'Personal details',
      answers: answers(
        ['Name', form.personal.name],
        ['Email', email(form.personal.email)],
        ['Phone', phone(form.personal.phone)],
        ['Postcode', form.personal.postcode.toUpperCase()],
      ),
    },
    {
      title: 'Subjects, qualifications and experience',
      answers: answers(
        ['Subjects', texts(form.teaching.subjects)],
        ['Levels', list(form.teaching.levels, 'StudyLevel')],
        ['Highest qualification', staff('HighestQualification', form.teaching.highestQualification)],
        ['Qualified teacher status', yesNo(form.teaching.qualifiedTeacher)],
        ['Qualifications', paragraphs(form.teaching.qualifications)],
        ['Years of experience', String(form.teaching.experienceYears)],
        ['Experience', paragraphs(form.teaching.experience)],
      ),
    },
    {
      title: 'Delivery and availability',
      answers: answers(
        ['Ways of teaching', list(form.delivery.modes, 'DeliveryMode')],
        ['Travel area', form.delivery.travelArea],
        ['Travels up to', form.delivery.maxTravelMiles === undefined ? undefined : `${form.delivery.maxTravelMiles} miles`],
        ['Days', list(form.availability.days, 'Weekday')],
        ['Times', list(form.availability.times, 'TimeOfDay')],
        ['Hours a week', String(form.availability.hoursPerWeek)],
      ),
    },
    {
      title: 'Background check',
      answers: answers(
        ['Holds an enhanced DBS certificate', yesNo(check.hasEnhancedCheck)],
        ['Certificate number', check.certificateNumber],
        ['On the DBS update service', check.onUpdateService === undefined ? undefined : yesNo(check.onUpdateService)],
        ['Agrees to a check', yesNo(check.consentToCheck)],
      ),
    },
    {
      title: 'Referees',
      answers: form.referees.map((referee, index) => ({
        label: `Referee ${index + 1}`,
        value: (
          <List listStyleType="none" spacing={2}>
            <List.Item>{referee.name}</List.Item>
            <List.Item>{referee.relationship}</List.Item>
            <List.Item>{email(referee.email)}</List.Item>
            <List.Item>{phone(referee.phone)}</List.Item>
          </List>
        ),
      })),
    },
    { title: 'Personal statement', answers: answers(['Statement', paragraphs(form.personalStatement)]) },
    consentSection(form),
  ]
}

/** The person's answers grouped as the form asked them, with readable labels and values. */
export function answerSections(registration: Pick<Registration, 'type' | 'answers' | 'course'>): AnswerSection[] {
  // The contract's answers are "one of the four forms"; the registration's type says which.
  switch (registration.type) {
    case 'subject':
      return subjectSections(registration.answers as SubjectEnrolmentRequest)
    case 'course':
      return courseSections(registration.answers as CourseEnrolmentRequest, registration.course)
    case 'school':
      return schoolSections(registration.answers as SchoolEnrolmentRequest)
    case 'tutor':
      return tutorSections(registration.answers as TutorApplicationRequest)
  }
}

/**
 * Who filled in the form: an enrolment's contact (a parent, a referrer or the learner), a school's main contact, the
 * applicant. Not the registration's name, which is the learner's or the school's.
 */
export function senderOf(registration: Pick<Registration, 'type' | 'answers'>): { name: string; email: string } {
  switch (registration.type) {
    case 'subject':
    case 'course':
      return (registration.answers as SubjectEnrolmentRequest | CourseEnrolmentRequest).contact
    case 'school':
      return (registration.answers as SchoolEnrolmentRequest).mainContact
    case 'tutor':
      return (registration.answers as TutorApplicationRequest).personal
  }
}

export function RegistrationAnswers({ registration }: { registration: Registration }) {
  return (
    <Stack gap="md" component="section" aria-labelledby="answers-title">
      <Title order={2} size="h3" id="answers-title">
        What they sent
      </Title>
      {answerSections(registration)
        .filter((section) => section.answers.length > 0)
        .map((section) => (
          <FactCard key={section.title} title={section.title} headingLevel={3} facts={section.answers.map((answer) => [answer.label, answer.value] as const)} />
        ))}
    </Stack>
  )
}
