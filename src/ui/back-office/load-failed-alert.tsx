import { Alert, Button } from '@mantine/core'

/** What could not be loaded, why, and a way to try again: every back-office read that failed says it the same way. */
export function LoadFailedAlert({ what, message, onRetry, className }: { what: string; message: string; onRetry: () => void; className?: string }) {
  return (
    <Alert color="red" variant="light" role="alert" title={`${what} could not be loaded`} className={className}>
      {message}
      <Button mt="sm" variant="light" color="red" display="block" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  )
}
