import { Alert, Stack, Text, Title } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { useSelector } from '@xstate/react'
import type { AuthActor } from '@/machines/auth.machine'
import { selectUser } from '@/machines/auth.selectors'
import { AnchorLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'

/**
 * Whether the signed-in admin is a designated safeguarding lead: the only staff who read concerns (need-to-know).
 * The server refuses concerns to anyone else all the same; this only keeps the office from asking.
 */
export function isSafeguardingLead(auth: AuthActor): boolean {
  return selectUser(auth.getSnapshot())?.safeguardingLead === true
}

export function useIsSafeguardingLead(): boolean {
  const { auth } = useAppContext()
  return useSelector(auth, (snapshot) => selectUser(snapshot)?.safeguardingLead === true)
}

/** What an admin who is not a safeguarding lead sees at a concern's address: why, and where to go instead. */
export function ConcernsLeadsOnly() {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>Safeguarding concerns</Title>
      <Alert color="blue" icon={<IconLock size={20} aria-hidden />} title="Only the designated safeguarding leads">
        <Text size="sm">
          Only the designated safeguarding leads can see safeguarding concerns: what a tutor wrote, how it is being handled, and who opened it. A
          learner with a concern on record says so on their page. If you need to know more, ask one of the leads; they are marked on{' '}
          <AnchorLink to="/admin/settings/staff">Settings → Staff accounts</AnchorLink>.
        </Text>
      </Alert>
      <Text size="sm">
        <AnchorLink to="/admin/reports">Back to reports</AnchorLink>
      </Text>
    </Stack>
  )
}
