import { Anchor, Checkbox, Stack, Text } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { ConsentValues } from '@/forms/enrolment-rules'
import { AnchorLink } from '@/components/links'
import { PolicyLink } from '@/routes/_public/-components/policy-link'

/** One consent section per page, so the sentence has a fixed, readable anchor. */
const DATA_USE_ID = 'how-we-use-your-information'

/**
 * The required privacy consent, which links to the sentence saying how the details are used and to the privacy
 * notice, and the separate, optional consent to news by email (never ticked for the person).
 */
export function ConsentFields({ form, about }: { form: UseFormReturnType<ConsentValues>; about: string }) {
  return (
    <Stack gap="md">
      <Text id={DATA_USE_ID} tabIndex={-1}>
        <strong>How we use your information.</strong> We use the details in this form only to arrange and run {about}: our team and the
        tutor we match can see them, we keep them securely for as long as we teach and for the records the law asks of us, and we never
        sell them or share them for anyone else’s marketing. You can ask to see, correct or delete them at any time through our{' '}
        <AnchorLink to="/contact-us">
          contact page
        </AnchorLink>
        .
      </Text>
      <Checkbox
        required
        label={
          <>
            I agree to TEC using these details as described in <Anchor href={`#${DATA_USE_ID}`}>how we use your information</Anchor> and
            in our <PolicyLink slug="privacy-notice">privacy notice</PolicyLink>.
          </>
        }
        {...form.getInputProps('privacyConsent', { type: 'checkbox' })}
      />
      <Checkbox
        label="Send me occasional TEC news and offers by email (optional; you can stop them at any time)."
        {...form.getInputProps('marketingConsent', { type: 'checkbox' })}
      />
    </Stack>
  )
}
