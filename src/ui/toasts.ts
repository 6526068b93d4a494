import { notifications } from '@mantine/notifications'
import type { MantineColor } from '@mantine/core'

/** How long a toast (a short message) and a notification (a title and a message) stay on screen. */
export const TOAST_DURATION_MS = 3000
export const NOTIFICATION_DURATION_MS = 4500

/** Every toast can be closed early with a named button, so screen readers say what it does. */
const closeButtonProps = { 'aria-label': 'Close this message' }

export const toast = {
  success: (message: string) => notifications.show({ message, color: 'green', autoClose: TOAST_DURATION_MS, closeButtonProps }),
  error: (message: string) => notifications.show({ message, color: 'red', autoClose: TOAST_DURATION_MS, closeButtonProps }),
}

export function notify({ title, message, color }: { title: string; message: string; color?: MantineColor }) {
  return notifications.show({ title, message, color: color ?? 'tec', autoClose: NOTIFICATION_DURATION_MS, closeButtonProps })
}
