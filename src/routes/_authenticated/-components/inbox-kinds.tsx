import { Group, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { contactMessagesQueryOptions } from '@/api/contact-messages'
import { registrationsQueryOptions } from '@/api/registrations'
import { ButtonLink } from '@/components/links'
import { useAppContext } from '@/app/use-app-context'

/**
 * The inbox's two kinds of mail from the website, side by side: registrations (enrolments and tutor applications)
 * and contact messages, each with how many wait for the office.
 */
export function InboxKinds({ current }: { current: 'registrations' | 'messages' }) {
  const { api } = useAppContext()
  const labelId = useId()
  const fresh = useQuery(registrationsQueryOptions(api.registrations, { status: 'new', sort: 'newest', page: 1, pageSize: 1 }))
  const open = useQuery(contactMessagesQueryOptions(api.contactMessages, { status: 'open', page: 1, pageSize: 1 }))
  const count = (total: number | undefined, words: string) => (total === undefined ? '' : ` (${total} ${words})`)
  return (
    <Stack gap={4}>
      <Text component="span" id={labelId} size="sm" fw={500}>
        Show
      </Text>
      <Group gap="xs" role="group" aria-labelledby={labelId}>
        <ButtonLink to="/admin/registrations" size="sm" variant={current === 'registrations' ? 'filled' : 'default'} aria-current={current === 'registrations' ? 'page' : undefined}>
          Registrations{count(fresh.data?.total, 'new')}
        </ButtonLink>
        <ButtonLink to="/admin/contact-messages" size="sm" variant={current === 'messages' ? 'filled' : 'default'} aria-current={current === 'messages' ? 'page' : undefined}>
          Contact messages{count(open.data?.total, 'not handled')}
        </ButtonLink>
      </Group>
    </Stack>
  )
}
