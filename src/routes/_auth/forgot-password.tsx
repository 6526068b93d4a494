import { looksLikeEmailAddress } from '@shared/email-address'
import { FIELD_MESSAGES } from '@shared/field-rules'
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { broadInvalidation, invalidateFamilies } from '@/api/query-keys'
import { AnchorLink } from '@/components/links'
import { ReadyFields } from '@/components/ready-fields'
import { showServerErrors } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'


export const Route = createFileRoute('/_auth/forgot-password')({
  staticData: { title: 'Forgot your password?' },
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const { api, queryClient } = useAppContext()
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) => {
        if (value.trim() === '') return 'Please input your email!'
        return looksLikeEmailAddress(value.trim()) ? null : FIELD_MESSAGES.email
      },
    },
  })
  const request = useMutation({
    mutationFn: (email: string) => api.auth.forgetPassword({ email }),
    onSuccess: () => invalidateFamilies(queryClient, broadInvalidation),
    onError: (error) => showServerErrors(form, error),
  })

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Forgot your password?</Title>
        <Text c="dimmed">Enter the email address you sign in with and we will send you a link to choose a new password.</Text>
      </div>
      {request.isSuccess ? (
        // The same answer whatever the email, so nobody can learn which addresses have accounts.
        <Alert color="tec" title="Check your email" role="status">
          {request.data.message}
        </Alert>
      ) : (
        <form noValidate onSubmit={form.onSubmit(({ email }) => request.mutate(email.trim()))}>
          <ReadyFields>
            <Stack gap="md">
              <TextInput label="Email Address" type="email" autoComplete="email" required {...form.getInputProps('email')} />
              <Button type="submit" fullWidth loading={request.isPending}>
                Send the reset link
              </Button>
            </Stack>
          </ReadyFields>
        </form>
      )}
      <Text size="sm" ta="center">
        <AnchorLink to="/login">
          Back to sign in
        </AnchorLink>
      </Text>
    </Stack>
  )
}
