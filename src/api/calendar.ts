import { queryOptions } from '@tanstack/react-query'
import { unwrap, type ApiClient } from './client'
import { queryKeys } from './query-keys'
import type { components } from './schema.gen'

type Schemas = components['schemas']
export type CalendarFeedState = Schemas['CalendarFeedState']
export type CalendarFeedAddress = Schemas['CalendarFeedAddress']

/** The signed-in tutor's calendar feed: its state, a new address (shown once), stopping it; TUTOR only. */
export function createCalendarApi(client: ApiClient) {
  return {
    feedState: () => unwrap(client.GET('/tutor/calendar-feed')),
    makeFeed: () => unwrap(client.POST('/tutor/calendar-feed')),
    stopFeed: () => unwrap(client.DELETE('/tutor/calendar-feed')),
  }
}

export type CalendarApi = ReturnType<typeof createCalendarApi>

export function calendarFeedQueryOptions(calendarApi: CalendarApi) {
  return queryOptions({ queryKey: queryKeys.calendar.feed(), queryFn: () => calendarApi.feedState() })
}
