/**
 * What a signed-in person typed in this tab and the server had not yet kept (a lesson report's words), under keys
 * that start with this: signing out, or a session ending, removes them, so the next person at the computer finds
 * nothing of it.
 */
export const TAB_DRAFT_PREFIX = 'tec.report-draft.'

/** Removes every tab draft from this storage. */
export function removeTabDrafts(storage: Storage): void {
  const keys: string[] = []
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index)
    if (key?.startsWith(TAB_DRAFT_PREFIX)) keys.push(key)
  }
  for (const key of keys) storage.removeItem(key)
}
