import { availableParallelism } from 'node:os'
import { WorkQueue } from '../lib/work-queue.ts'

/**
 * Sized to the machine: one hash per core at a time (each takes ~25 ms of one core), and about a second of work
 * waiting (32 per core), so a busy morning queues briefly while a flood is refused at once.
 */
const cores = availableParallelism()
const WAITING_PER_CORE = 32
export const passwordHashing = new WorkQueue(cores, cores * WAITING_PER_CORE)

/**
 * Whole sign-ins (counters, lookups, the hash): two per core, so one can wait on the database while another
 * hashes, and the same line as hashing. A flood is refused before it costs the database anything either.
 */
export const signIns = new WorkQueue(cores * 2, cores * WAITING_PER_CORE)
