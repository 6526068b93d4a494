import { Box, Center, Paper } from '@mantine/core'
import type { ReactNode } from 'react'
import type { LinkComponent } from './link-component'
import { LogoLink } from './logo'

/** A centred card with the logo (a link home) above it, for sign-in and password screens. */
export function AuthLayout({ linkComponent: Link, children }: { linkComponent: LinkComponent; children: ReactNode }) {
  return (
    <Box component="main" bg="gray.0" mih="100vh" px="md" py={48}>
      <Center mb="lg">
        <LogoLink linkComponent={Link} height={44} />
      </Center>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }} maw={440} mx="auto">
        {children}
      </Paper>
    </Box>
  )
}
