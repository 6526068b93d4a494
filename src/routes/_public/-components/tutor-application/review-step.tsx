import { Anchor, Box, Checkbox, Divider, Group, Select, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core'
import { LIMITS, teachesInPerson, type StepId, type TutorApplicationDraft, type YesNo } from '@/machines/tutor-application.rules'
import type { ApplicationForm } from './application-steps'
import { labelOf, optionsOf, type EnumName, type EnumValue } from '@shared/labels'
import { PolicyLink } from '@/routes/_public/-components/policy-link'
import { stepCopy } from './step-copy'

const yesNo = (value: YesNo) => (value === 'yes' ? 'Yes' : value === 'no' ? 'No' : 'Not answered')
const texts = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : 'None chosen')
/** Several values of a contract enum, in the words the tutor application uses. */
const listOf = <Name extends EnumName>(values: readonly EnumValue<Name>[], name: Name) => texts(values.map((value) => labelOf(name, value, 'tutor')))
const orNone = (value: string) => value.trim() || 'Not given'

/** Every answer of one step, as label and value pairs. */
function answersOf(step: Exclude<StepId, 'review'>, draft: TutorApplicationDraft): [string, string][] {
  const { personal, teaching, delivery, availability, backgroundCheck, referees } = draft
  switch (step) {
    case 'personal':
      return [
        ['Full name', orNone(personal.name)],
        ['Email', orNone(personal.email)],
        ['Phone', orNone(personal.phone)],
        ['Postcode', orNone(personal.postcode)],
      ]
    case 'teaching':
      return [
        ['Subjects', texts(teaching.subjects)],
        ['Levels', listOf(teaching.levels, 'StudyLevel')],
        ['Highest qualification', teaching.highestQualification ? labelOf('HighestQualification', teaching.highestQualification, 'tutor') : 'Not given'],
        ['Qualified teacher status', yesNo(teaching.qualifiedTeacher)],
        ['Years of experience', orNone(teaching.experienceYears)],
        ['Qualifications', orNone(teaching.qualifications)],
        ['Experience', orNone(teaching.experience)],
      ]
    case 'delivery':
      return [
        ['Ways to teach', listOf(delivery.modes, 'DeliveryMode')],
        ...(teachesInPerson(draft)
          ? ([
              ['Where you can travel to', orNone(delivery.travelArea)],
              ['Furthest distance', delivery.maxTravelMiles.trim() ? `${delivery.maxTravelMiles.trim()} miles` : 'Not given'],
            ] as [string, string][])
          : []),
        ['Days', listOf(availability.days, 'Weekday')],
        ['Times', listOf(availability.times, 'TimeOfDay')],
        ['Hours a week', orNone(availability.hoursPerWeek)],
      ]
    case 'checks':
      return [
        ['Enhanced DBS certificate', yesNo(backgroundCheck.hasEnhancedCheck)],
        ...(backgroundCheck.hasEnhancedCheck === 'yes'
          ? ([
              ['Certificate number', orNone(backgroundCheck.certificateNumber)],
              ['On the update service', backgroundCheck.onUpdateService ? 'Yes' : 'No'],
            ] as [string, string][])
          : []),
        ['Agrees to a background check', backgroundCheck.consentToCheck ? 'Yes' : 'No'],
        ...referees.map(
          (referee, index): [string, string] => [
            index === 0 ? 'First referee' : 'Second referee',
            [referee.name, referee.relationship, referee.email, referee.phone].map((part) => part.trim()).filter(Boolean).join(' · ') || 'Not given',
          ],
        ),
      ]
  }
}

const summarisedSteps = ['personal', 'teaching', 'delivery', 'checks'] as const

/** The answers so far, each step with an "Edit" link back to it. */
function ApplicationSummary({ draft, onEdit }: { draft: TutorApplicationDraft; onEdit: (step: StepId) => void }) {
  return (
    <Stack gap="lg">
      {summarisedSteps.map((step) => (
        <Box key={step} component="section" aria-labelledby={`summary-${step}`}>
          <Group justify="space-between" align="baseline" wrap="nowrap">
            <Title order={3} size="h4" id={`summary-${step}`}>
              {stepCopy[step].label}
            </Title>
            <Anchor component="button" type="button" onClick={() => onEdit(step)}>
              Edit{' '}<VisuallyHidden>{stepCopy[step].label.toLowerCase()}</VisuallyHidden>
            </Anchor>
          </Group>
          <Box component="dl" m={0} mt="xs">
            {answersOf(step, draft).map(([label, value]) => (
              <Box key={label} mb="xs">
                <Text component="dt" fw={600} size="sm">
                  {label}
                </Text>
                <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {value}
                </Text>
              </Box>
            ))}
          </Box>
          <Divider mt="sm" />
        </Box>
      ))}
    </Stack>
  )
}

export function ReviewStep({ form, onEdit }: { form: ApplicationForm; onEdit: (step: StepId) => void }) {
  return (
    <Stack gap="lg">
      <Textarea
        label="Personal statement"
        description={`Why you would like to tutor with TEC and what learners gain from working with you (${LIMITS.statementMin} to ${LIMITS.statement} characters).`}
        required
        autosize
        minRows={6}
        maxLength={LIMITS.statement}
        {...form.getInputProps('personalStatement')}
      />
      <Select
        label="How did you hear about us? (optional)"
        placeholder="Choose one"
        data={optionsOf('HowHeard')}
        clearable
        {...form.getInputProps('heardAbout')}
        value={form.getValues().heardAbout || null}
        onChange={(value) => form.setFieldValue('heardAbout', (value ?? '') as TutorApplicationDraft['heardAbout'])}
      />
      <Title order={3} size="h4">
        Check your answers
      </Title>
      <ApplicationSummary draft={form.getValues()} onEdit={onEdit} />
      <Checkbox
        label={
          <>
            I have read the <PolicyLink slug="privacy-notice">privacy notice</PolicyLink> and agree that TEC keeps my answers to assess my application
          </>
        }
        required
        {...form.getInputProps('privacyConsent', { type: 'checkbox' })}
      />
      <Checkbox label="Send me TEC news and tutoring opportunities by email (optional)" {...form.getInputProps('marketingConsent', { type: 'checkbox' })} />
    </Stack>
  )
}
