import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { looksLikeEmailAddress } from '@shared/email-address'
import { FIELD_MESSAGES } from '@shared/field-rules'
import { showServerErrors } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'

/**
 * What the family page shows without a working link: why, and one field to have a fresh link mailed. The answer is
 * the same whatever the address, so nobody learns whose children TEC teaches.
 */
export function AskForLink({ reason }: { reason: 'expired' | 'missing' }) {
  const { api } = useAppContext()
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) => {
        if (value.trim() === '') return 'Enter the email address our emails come to.'
        return looksLikeEmailAddress(value.trim()) ? null : FIELD_MESSAGES.email
      },
    },
  })
  const request = useMutation({
    mutationFn: (email: string) => api.family.requestLink(email),
    onError: (error) => showServerErrors(form, error),
  })
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="ask-title">
      <Stack gap="md">
        <Title order={1} size="h2" id="ask-title">
          {reason === 'expired' ? 'This link has expired' : 'Open your page from our email'}
        </Title>
        <Text>
          {reason === 'expired'
            ? 'Links to your page work for 30 days, and the office can end one early (if a phone is lost, say). Each report email brings a new one.'
            : 'Your page of lesson reports and coming lessons opens from the link in our emails. It needs no password.'}
        </Text>
        {request.isSuccess ? (
          <Alert color="tec" title="Check your email" role="status">
            {request.data.message}
          </Alert>
        ) : (
          <form noValidate onSubmit={form.onSubmit(({ email }) => request.mutate(email.trim()))}>
            <Stack gap="sm">
              <TextInput
                label="Your email address"
                description="The address our emails about the lessons come to."
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <Button type="submit" loading={request.isPending} style={{ alignSelf: 'flex-start' }}>
                Email me a fresh link
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  )
}
