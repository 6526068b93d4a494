import { createBrowserInspector } from '@statelyai/inspect'

/** Opens the Stately inspector for the machines. Only imported in development, so builds never contain it. */
export function createDevInspector() {
  return createBrowserInspector().inspect
}
