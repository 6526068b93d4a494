import { Notifications } from '@mantine/notifications'
import classes from './toaster.module.css'

/** Where toasts and notifications appear: top right, 8 px from the top. */
export function Toaster() {
  return <Notifications position="top-right" classNames={{ root: classes.root }} />
}
