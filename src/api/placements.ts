import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']
export type Placement = Schemas['Placement']
export type PlacementInput = Schemas['PlacementInput']
export type PlacementEnd = Schemas['PlacementEnd']
export type PlacementMove = Schemas['PlacementMove']
export type TutorSuggestion = Schemas['TutorSuggestion']
export type SuggestionReason = Schemas['SuggestionReason']
export type PlacementPreview = Schemas['PlacementPreview']

/** listPlacements' query: a learner, tutor, school or status, and the page. */
export type PlacementListQuery = NonNullable<operations['listPlacements']['parameters']['query']>
/** suggestTutors' query: the subject, and the way of teaching when not the learner's own. */
export type SuggestionQuery = operations['suggestTutors']['parameters']['query']

/** Learners placed with tutors, and the tutors suggested for a learner; ADMIN only. */
export function createPlacementsApi(client: ApiClient) {
  const path = (placementId: string) => ({ path: { placementId } })
  return {
    list: (query: PlacementListQuery) => unwrap(client.GET('/admin/placements', { params: { query } })),
    suggest: (studentId: string, query: SuggestionQuery) => unwrap(client.GET('/admin/students/{studentId}/tutor-suggestions', { params: { path: { studentId }, query } })),
    create: (body: PlacementInput) => unwrap(client.POST('/admin/placements', { body })),
    preview: (body: PlacementInput) => unwrap(client.POST('/admin/placements/preview', { body })),
    end: (placementId: string, version: number, body: PlacementEnd) =>
      unwrap(client.POST('/admin/placements/{placementId}/end', { params: { ...path(placementId), header: ifMatch(version) }, body })),
    move: (placementId: string, version: number, body: PlacementMove) =>
      unwrap(client.POST('/admin/placements/{placementId}/move', { params: { ...path(placementId), header: ifMatch(version) }, body })),
  }
}

export type PlacementsApi = ReturnType<typeof createPlacementsApi>

export function placementsQueryOptions(placementsApi: PlacementsApi, query: PlacementListQuery) {
  return queryOptions({ queryKey: queryKeys.placements.list(query), queryFn: () => placementsApi.list(query) })
}

export function suggestionsQueryOptions(placementsApi: PlacementsApi, studentId: string, query: SuggestionQuery) {
  return queryOptions({ queryKey: queryKeys.placements.suggestions(studentId, query), queryFn: () => placementsApi.suggest(studentId, query) })
}

/** The mails placing would send, read before placing: nothing is stored or sent. */
export function placementPreviewQueryOptions(placementsApi: PlacementsApi, input: PlacementInput) {
  return queryOptions({ queryKey: queryKeys.placements.preview(input), queryFn: () => placementsApi.preview(input) })
}

/**
 * What a placement write changes beyond the placement: the learner's status and history, the tutors' learners and
 * histories, the school's placements.
 */
export const PLACEMENT_FAMILIES = [queryKeys.placements.all, queryKeys.students.all, queryKeys.tutors.all, queryKeys.schools.all] as const
