import { queryOptions } from '@tanstack/react-query'
import { ifMatch, unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type TermCalendar = Schemas['TermCalendar']
export type TermCalendarRecord = Schemas['TermCalendarRecord']
export type TermPeriod = Schemas['TermPeriod']

/** The office's terms and holidays: read by the office and tutors, changed by the office. */
export function createTermCalendarApi(client: ApiClient) {
  return {
    get: () => unwrap(client.GET('/term-calendar')),
    update: (version: number, body: TermCalendar) => unwrap(client.PUT('/term-calendar', { params: { header: ifMatch(version) }, body })),
  }
}

export type TermCalendarApi = ReturnType<typeof createTermCalendarApi>

export function termCalendarQueryOptions(termCalendarApi: TermCalendarApi) {
  return queryOptions({ queryKey: queryKeys.termCalendar.record(), queryFn: () => termCalendarApi.get() })
}
