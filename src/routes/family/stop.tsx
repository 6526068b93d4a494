import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { isApiError } from '@/api/errors'
import type { FamilyMailChange } from '@/api/family'
import { AnchorLink } from '@/components/links'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'
import { AskForLink } from './-components/ask-for-link'

type Kind = 'reports' | 'reminders'

interface StopSearch {
  link?: string
  what?: Kind
}

export const Route = createFileRoute('/family/stop')({
  validateSearch: (search: Record<string, unknown>): StopSearch => ({
    ...(typeof search.link === 'string' && search.link !== '' ? { link: search.link } : {}),
    ...(search.what === 'reports' || search.what === 'reminders' ? { what: search.what } : {}),
  }),
  staticData: { title: 'Stop these emails' },
  component: StopPage,
})

const WORDS: Record<Kind, { stopped: string; again: string }> = {
  reports: { stopped: 'You will no longer get lesson reports by email.', again: 'Email me the reports again' },
  reminders: { stopped: 'You will no longer get lesson reminders by email.', again: 'Remind me again' },
}

/**
 * The stop link in every family mail: one click stops that kind of mail, even from an old mail whose page link has
 * expired. The link leaves the address bar at once; the page offers to undo it.
 */
function StopPage() {
  const { api } = useAppContext()
  const search = Route.useSearch()
  const navigate = useNavigate()
  const [asked] = useState(search)
  const change = useMutation({ mutationFn: (body: FamilyMailChange) => api.family.setMail(body) })
  const { mutate } = change
  useEffect(() => {
    if (asked.link === undefined || asked.what === undefined) return
    mutate({ link: asked.link, [asked.what]: false })
    void navigate({ to: '/family/stop', search: {}, replace: true })
  }, [asked, mutate, navigate])

  if (asked.link === undefined || asked.what === undefined) return <AskForLink reason="missing" />
  const { link, what } = asked
  if (isApiError(change.error) && change.error.status === 404) return <AskForLink reason="expired" />
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="stop-title">
      <Stack gap="md">
        <Title order={1} size="h2" id="stop-title">
          {what === 'reports' ? 'Lesson report emails' : 'Lesson reminders'}
        </Title>
        {change.isError ? (
          <Alert color="red" role="alert" title="Nothing was changed">
            {errorMessage(change.error)}
          </Alert>
        ) : change.data === undefined ? (
          <Skeleton height={48} role="status" aria-busy="true" aria-label="Stopping the emails" />
        ) : change.data[what] ? (
          <Alert color="tec" role="status" title="Started again">
            You will get them by email again.
          </Alert>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Alert color="tec" role="status" title="Stopped">
              {WORDS[what].stopped} The reports stay on your page, which the office can send you a link to.
            </Alert>
            <Button variant="default" loading={change.isPending} onClick={() => mutate({ link, [what]: true })}>
              {WORDS[what].again}
            </Button>
          </Stack>
        )}
        <Text size="sm">
          <AnchorLink to="/family">Go to your page</AnchorLink>
        </Text>
      </Stack>
    </Card>
  )
}
