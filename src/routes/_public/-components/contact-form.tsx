import { Alert, Button, Group, Stack, Text, Textarea, TextInput, VisuallyHidden } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { ContactMessageRequest } from '@/api/contact-messages'
import { CONTACT_LIMITS, contactRules } from '@/forms/contact-rules'
import { showServerErrors } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { ContactReceipt } from './contact-receipt'
import { PolicyLink } from './policy-link'
import { ReadyFields } from '@/components/ready-fields'

const emptyMessage = { name: '', email: '', phone: '', subject: '', message: '', website: '' }

function requestFrom(values: typeof emptyMessage): ContactMessageRequest {
  const phone = values.phone.trim()
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(phone ? { phone } : {}),
    subject: values.subject.trim(),
    message: values.message.trim(),
    website: values.website,
  }
}

/** The contact form, replaced by the receipt (with its reference) once the message is stored. */
export function ContactForm() {
  const { api } = useAppContext()
  const [problem, setProblem] = useState<string | null>(null)
  const form = useForm({ initialValues: emptyMessage, validate: { ...contactRules, website: () => null } })
  const send = useMutation({
    mutationFn: (body: ContactMessageRequest) => api.contactMessages.send(body),
    onError: (error) => showServerErrors(form, error, setProblem),
  })

  const startAgain = () => {
    form.reset()
    send.reset()
    setProblem(null)
  }

  if (send.data) return <ContactReceipt receipt={send.data} onSendAnother={startAgain} />

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        // The button is disabled while sending; this also stops a second submit by Enter in the meantime.
        if (send.isPending) return
        setProblem(null)
        send.mutate(requestFrom(values))
      })}
    >
      <ReadyFields>
        <Stack gap="sm">
          {problem && (
            <Alert color="red" variant="light" role="alert" title="Your message was not sent">
              {problem}
            </Alert>
          )}
          <TextInput label="Name" autoComplete="name" required maxLength={CONTACT_LIMITS.name} {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.email} {...form.getInputProps('email')} />
          <TextInput
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            description="If you would rather we call you back."
            maxLength={CONTACT_LIMITS.phone}
            {...form.getInputProps('phone')}
          />
          <TextInput label="Subject" required maxLength={CONTACT_LIMITS.subject} {...form.getInputProps('subject')} />
          <Textarea label="Message" required autosize minRows={5} maxRows={14} maxLength={CONTACT_LIMITS.message} {...form.getInputProps('message')} />
          {/* A trap for bots that fill in every field: people and assistive technology never meet it. */}
          <VisuallyHidden aria-hidden>
            <TextInput label="Website" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
          </VisuallyHidden>
          <Text size="sm">
            We use these details only to answer your message, as our <PolicyLink slug="privacy-notice">privacy notice</PolicyLink> explains.
          </Text>
          <Group>
            <Button type="submit" loading={send.isPending}>
              Send message
            </Button>
          </Group>
        </Stack>
      </ReadyFields>
    </form>
  )
}
