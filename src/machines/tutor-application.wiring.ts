import { fromPromise } from 'xstate'
import type { RegistrationsApi } from '@/api/registrations'
import { tutorApplicationMachine } from './tutor-application.machine'
import { createApplicationStorage, type ApplicationStores, type KeptApplication } from './tutor-application.storage'

export interface TutorApplicationWiring {
  registrationsApi: Pick<RegistrationsApi, 'applyAsTutor'>
  /** Local storage keeps the draft when the tab closes; session storage keeps the certificate number for this tab only. */
  stores: ApplicationStores
}

/**
 * The wizard's machine with real sending and draft keeping provided, the saved draft to start from (with when it was
 * saved, for the notice that says so), and `discard`, which forgets it for "Start again".
 */
export function wireTutorApplication(wiring: TutorApplicationWiring): {
  machine: typeof tutorApplicationMachine
  input: KeptApplication | null
  discard: () => void
} {
  const storage = createApplicationStorage(wiring.stores)
  const machine = tutorApplicationMachine.provide({
    actors: {
      submitApplication: fromPromise(({ input }) => wiring.registrationsApi.applyAsTutor(input)),
    },
    actions: {
      saveDraft: ({ context: { step, furthest, draft } }) => storage.save({ step, furthest, draft }),
      clearDraft: () => storage.remove(),
    },
  })
  return { machine, input: storage.read(), discard: () => storage.remove() }
}
