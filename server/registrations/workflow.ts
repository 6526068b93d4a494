import type { RegistrationStatus } from '../db/schema.ts'
import { labelOf } from '../../shared/labels.ts'

/**
 * The moves changeRegistrationStatus allows. Accepted is final (records were made from it); a rejection or a
 * withdrawal can be reopened for review, since people change their minds and staff make mistakes.
 */
const MOVES: Record<RegistrationStatus, readonly RegistrationStatus[]> = {
  new: ['in_review', 'rejected', 'withdrawn'],
  in_review: ['new', 'rejected', 'withdrawn'],
  rejected: ['in_review'],
  withdrawn: ['in_review'],
  accepted: [],
}

export function allowedStatuses(from: RegistrationStatus): RegistrationStatus[] {
  return [...MOVES[from]]
}

export function canMove(from: RegistrationStatus, to: RegistrationStatus): boolean {
  return MOVES[from].includes(to)
}

/** Only a registration still being decided can be accepted. */
export function canAccept(status: RegistrationStatus): boolean {
  return status === 'new' || status === 'in_review'
}

/** Statuses that close a registration without accepting it; they need a reason. */
export const CLOSING_STATUSES: readonly RegistrationStatus[] = ['rejected', 'withdrawn']

/** A status inside a sentence ("already in review"): the words people read for it, lowercased. */
export const statusWords = (status: RegistrationStatus): string => labelOf('RegistrationStatus', status).toLowerCase()
