/**
 * Whether a name typed to confirm erasing or anonymising someone is theirs: compared as people type names, so
 * case, spaces around and between words and Unicode forms do not matter. The server decides with it, and the
 * dialog enables its button with it, so the two never disagree.
 */
export function sameName(typed: string, recorded: string): boolean {
  const norm = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
  return norm(typed) !== '' && norm(typed) === norm(recorded)
}
