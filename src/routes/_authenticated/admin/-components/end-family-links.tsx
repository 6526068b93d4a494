import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconLinkOff } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { ActionDialog } from '@/ui/back-office/action-dialog'
import { toast } from '@/ui/toasts'
import { errorMessage } from '@/app/server-errors'
import { useAppContext } from '@/app/use-app-context'

/**
 * Ends every link to the family page that an address holds (a lost phone, a forwarded mail): the page then says the
 * link has expired, and the next report mail, or a fresh link they ask for by email, opens it again.
 */
export function EndFamilyLinks({ email, name }: { email: string; name: string }) {
  const { api } = useAppContext()
  const [opened, setOpened] = useState(false)
  const end = useMutation({
    mutationFn: () => api.family.endLinks(email),
    onSuccess: ({ ended }) => {
      setOpened(false)
      toast.success(ended === 0 ? `${name} held no working link` : `Ended ${ended} ${ended === 1 ? 'link' : 'links'} to ${name}’s family page`)
    },
  })
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconLinkOff size={14} aria-hidden />} onClick={() => setOpened(true)}>
        End their family page links
      </Button>
      <ActionDialog opened={opened} onClose={() => setOpened(false)} title={`End ${name}’s links to their family page?`}>
        <Stack gap="md">
          <Text>
            Every link in the mails sent to {email} stops working at once. They can open the page again from the next report mail, or by asking for a fresh
            link, which only comes to this address.
          </Text>
          {end.isError && (
            <Alert color="red" role="alert" title="Nothing was changed">
              {errorMessage(end.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button color="red" loading={end.isPending} onClick={() => end.mutate()}>
              End the links
            </Button>
          </Group>
        </Stack>
      </ActionDialog>
    </>
  )
}
