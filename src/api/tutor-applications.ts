import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { PUBLIC_CONTENT_STALE_MS } from './public-content'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type TutorApplicationRequest = Schemas['TutorApplicationRequest']
export type RegistrationReceipt = Schemas['RegistrationReceipt']
export type Referee = Schemas['Referee']
export type StudyLevel = Schemas['StudyLevel']
export type Weekday = Schemas['Weekday']
export type TimeOfDay = Schemas['TimeOfDay']
export type HowHeard = Schemas['HowHeard']
export type HighestQualification = TutorApplicationRequest['teaching']['highestQualification']

/** The tutor registration wizard's one write, and the subjects it offers. */
export function createTutorApplicationsApi(client: ApiClient) {
  return {
    create: (body: TutorApplicationRequest) => unwrap(client.POST('/tutor-applications', { body })),
    listSubjects: () => unwrap(client.GET('/subjects')),
  }
}

export type TutorApplicationsApi = ReturnType<typeof createTutorApplicationsApi>

export function subjectsQueryOptions(tutorApplicationsApi: TutorApplicationsApi) {
  return queryOptions({
    queryKey: queryKeys.subjects.list(),
    queryFn: () => tutorApplicationsApi.listSubjects(),
    staleTime: PUBLIC_CONTENT_STALE_MS,
  })
}
