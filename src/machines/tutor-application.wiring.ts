import { fromPromise } from 'xstate'
import type { RegistrationsApi } from '@/api/registrations'
import { tutorApplicationMachine } from './tutor-application.machine'
import { createApplicationStorage, type SavedApplication } from './tutor-application.storage'

export interface TutorApplicationWiring {
  registrationsApi: Pick<RegistrationsApi, 'applyAsTutor'>
  /** Session storage: the draft survives a reload of this tab only. */
  store: Storage
}

/** The wizard's machine with real sending and draft keeping provided, and the saved draft to start from. */
export function wireTutorApplication(wiring: TutorApplicationWiring): { machine: typeof tutorApplicationMachine; input: SavedApplication | null } {
  const storage = createApplicationStorage(wiring.store)
  const machine = tutorApplicationMachine.provide({
    actors: {
      submitApplication: fromPromise(({ input }) => wiring.registrationsApi.applyAsTutor(input)),
    },
    actions: {
      saveDraft: ({ context: { step, furthest, draft } }) => storage.save({ step, furthest, draft }),
      clearDraft: () => storage.remove(),
    },
  })
  return { machine, input: storage.read() }
}
