import type { Db } from '../db/client.ts'
import type { Logger } from '../logger.ts'
import { publishDuePosts } from './records.ts'

/**
 * Marks scheduled posts that are due as published every `everyMs` (config.publishEveryMs), in the background, in
 * every server process: publishDuePosts makes sure each post is published once. Visitors see a post from its time
 * whatever the interval (livePost in queries.ts). A failed round is logged and tried again next time.
 */
export function startScheduledPublishing(db: Db, logger: Logger, everyMs: number): { stop: () => void } {
  const round = () => {
    publishDuePosts(db)
      .then((ids) => {
        if (ids.length > 0) logger.info({ posts: ids }, 'published scheduled blog posts')
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'scheduled publishing round failed'))
  }
  const every = setInterval(round, everyMs)
  every.unref()
  return { stop: () => clearInterval(every) }
}
