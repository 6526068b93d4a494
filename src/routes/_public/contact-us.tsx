import { Anchor, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { siteSettingsQueryOptions } from '@/api/site-settings'
import { ContentSkeleton } from '@/ui/content-skeleton'
import { telephoneHref } from '@/ui/telephone-href'
import { ContactForm } from './-components/contact-form'
import { useAppContext } from '@/app/use-app-context'
import { mailtoHref } from '@/ui/mailto'

export const Route = createFileRoute('/_public/contact-us')({
  staticData: {
    title: 'Contact us',
    loadFailure: 'our contact details',
    description: 'Call, email or write to the TEC team, or send a message with the form; we reply within two working days.',
  },
  loader: ({ context: { queryClient, api } }) => queryClient.ensureQueryData(siteSettingsQueryOptions(api.siteSettings)),
  pendingComponent: () => <ContentSkeleton cards={2} />,
  component: ContactUsPage,
})

function ContactUsPage() {
  const { api } = useAppContext()
  const { data: settings } = useSuspenseQuery(siteSettingsQueryOptions(api.siteSettings))

  return (
    <Container py="xl">
      <Stack gap="xl">
        <Stack gap="md" maw={720}>
          <Title order={1}>Contact us</Title>
          <Text size="lg">
            Questions about tutoring, a course or a school programme? Send us a message and our team will reply within two working
            days.
          </Text>
        </Stack>
        <Grid gap="xl">
          <Grid.Col span={{ base: 24, md: 9 }}>
            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="contact-details-title">
              <Stack gap="sm">
                <Title order={2} size="h3" id="contact-details-title">
                  {settings.organisationName}
                </Title>
                <Stack gap={2} component="address" fs="normal">
                  {settings.addressLines.map((line) => (
                    <Text key={line}>{line}</Text>
                  ))}
                </Stack>
                <Text>
                  Phone: <Anchor href={telephoneHref(settings.phone)}>{settings.phone}</Anchor>
                </Text>
                <Text>
                  Email: <Anchor href={mailtoHref(settings.email)}>{settings.email}</Anchor>
                </Text>
                <Text c="dimmed">{settings.openingHours}</Text>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 24, md: 15 }}>
            <Stack gap="sm" component="section" aria-labelledby="contact-form-title">
              <Title order={2} size="h3" id="contact-form-title">
                Send us a message
              </Title>
              <ContactForm />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}
