import { unwrap, type ApiClient } from './client'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type LessonSeriesMove = Schemas['LessonSeriesMove']
export type LessonSeriesCancel = Schemas['LessonSeriesCancel']

/** A weekly series changed as a whole by the office, from a day on; ADMIN only. */
export function createLessonSeriesApi(client: ApiClient) {
  const path = (seriesId: string) => ({ path: { seriesId } })
  return {
    move: (seriesId: string, body: LessonSeriesMove) => unwrap(client.POST('/admin/lesson-series/{seriesId}/move', { params: path(seriesId), body })),
    cancel: (seriesId: string, body: LessonSeriesCancel) => unwrap(client.POST('/admin/lesson-series/{seriesId}/cancel', { params: path(seriesId), body })),
  }
}
