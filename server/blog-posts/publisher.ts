import type { Db } from '../db/client.ts'
import type { Schedule } from '../lib/jobs.ts'
import type { Logger } from '../logger.ts'
import { publishDuePosts } from './records.ts'

/**
 * Marks scheduled posts that are due as published every `everyMs` (config.publishEveryMs), once across every server
 * process (server/jobs); publishDuePosts also makes sure each post is published once. Visitors see a post from its
 * time whatever the interval (livePost in queries.ts). A failed round is logged and tried again next time.
 */
export function publishingSchedule(db: Db, logger: Logger, everyMs: number): Schedule {
  return {
    key: 'publish-scheduled-posts',
    everyMs,
    run: async () => {
      const ids = await publishDuePosts(db)
      if (ids.length > 0) logger.info({ posts: ids }, 'published scheduled blog posts')
    },
  }
}
