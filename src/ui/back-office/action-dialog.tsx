import { Modal, type ModalRootProps } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * A dialog for one action on a record (accept, reject…). Built from Modal's parts so its header is a plain
 * element (Mantine's is a <header>, which reads as a second page banner) and its close button has a name.
 */
export function ActionDialog({
  opened,
  onClose,
  title,
  size = 'lg',
  children,
}: {
  opened: boolean
  onClose: () => void
  title: string
  /** Wider for a dialog that holds a list to choose from. */
  size?: ModalRootProps['size']
  children: ReactNode
}) {
  return (
    <Modal.Root opened={opened} onClose={onClose} size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}
