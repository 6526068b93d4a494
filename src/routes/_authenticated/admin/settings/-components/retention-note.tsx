import { Alert } from '@mantine/core'
import { AnchorLink } from '@/components/links'

/**
 * On the privacy notice's editor: the section on how long records are kept is not part of this text. It is made
 * from Settings → Data retention and shown after it, so periods written here could only disagree with it.
 */
export function RetentionNote() {
  return (
    <Alert variant="light" title="How long we keep your information">
      Visitors see this section after your text, made from the periods in <AnchorLink to="/admin/settings/retention">Settings → Data retention</AnchorLink>,
      which the server applies every day. Do not write periods in the text: change them there, and the notice follows.
    </Alert>
  )
}
