import { Box, Center, Container } from '@mantine/core'
import { createFileRoute, Outlet } from '@tanstack/react-router'
import { LogoLink } from '@/ui/logo'
import { RouterLink } from '@/components/router-link'

/**
 * The family page and its stop page: for a learner's contact or a school contact, opened from a mail's link without
 * a password. Never indexed: the server sends X-Robots-Tag and robots.txt leaves it out, and the page says so too.
 */
export const Route = createFileRoute('/family')({
  head: () => ({ meta: [{ name: 'robots', content: 'noindex, nofollow' }] }),
  component: FamilyLayout,
})

function FamilyLayout() {
  return (
    <Box component="main" bg="var(--mantine-color-body)" mih="100vh" py={{ base: 'md', sm: 'xl' }}>
      <Container size={760} px={{ base: 'sm', sm: 'md' }}>
        <Center mb="lg">
          <LogoLink linkComponent={RouterLink} height={40} />
        </Center>
        <Outlet />
      </Container>
    </Box>
  )
}
