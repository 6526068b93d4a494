import { availableParallelism } from 'node:os'
import { WorkQueue } from '../lib/work-queue.ts'

/**
 * Half the cores, at least one: on two cores one image job at a time, so sign-ins and pages keep a core. Never more
 * than libuv's pool less two threads (4 unless UV_THREADPOOL_SIZE says otherwise), so on a bigger machine password
 * hashing still finds threads free. About four jobs' worth of visitors wait (an AVIF at 1,920 px takes about 0.8 s
 * of one core here); a flood beyond is refused.
 */
const LIBUV_THREADS = Number(process.env.UV_THREADPOOL_SIZE) || 4
const slots = Math.max(1, Math.min(Math.floor(availableParallelism() / 2), LIBUV_THREADS - 2))

/**
 * Image work (processing an upload, making a size of a photo): each job holds one thread of libuv's pool, which password
 * hashing shares (@node-rs/argon2), and one core (libvips runs each job on one thread, processing.ts), so a flood of
 * photo sizes can neither take every thread a sign-in needs nor every core. Visitors' work (`run`) waits in line up to
 * its bound and is refused beyond (503 with Retry-After); the office's uploads and the background worker (`inTurn`)
 * always wait their turn, since they are few.
 */
export const imageWork = new WorkQueue(slots, slots * 4)
