import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type MyLearner = Schemas['MyLearner']
export type MyLearnerSummary = Schemas['MyLearnerSummary']

/** The learners placed with the signed-in tutor; TUTOR only. */
export function createMyLearnersApi(client: ApiClient) {
  return {
    list: () => unwrap(client.GET('/tutor/learners')),
    get: (studentId: string) => unwrap(client.GET('/tutor/learners/{studentId}', { params: { path: { studentId } } })),
  }
}

export type MyLearnersApi = ReturnType<typeof createMyLearnersApi>

// Their keys sit in the lessons family, so planning, moving or reporting a lesson refreshes the learners' pages too.
export function myLearnersQueryOptions(myLearnersApi: MyLearnersApi) {
  return queryOptions({ queryKey: queryKeys.lessons.learners(), queryFn: () => myLearnersApi.list() })
}

export function myLearnerQueryOptions(myLearnersApi: MyLearnersApi, studentId: string) {
  return queryOptions({ queryKey: queryKeys.lessons.learner(studentId), queryFn: () => myLearnersApi.get(studentId) })
}
