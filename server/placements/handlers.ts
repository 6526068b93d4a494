import type { Handler } from '../contract/types.ts'
import type { Db } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { checkSchema, cleanInput } from '../contract/input.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldProblem, fieldsProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { readStudentRow } from '../students/queries.ts'
import { readSubjects } from '../subjects/queries.ts'
import { listPlacementPage, readPlacement } from './queries.ts'
import { createPlacementRecord, endPlacementRecord, movePlacementRecord, PlacementRefused, previewPlacementMails, type PlacementInput, type PlacementOutcome, type PlacementResult } from './records.ts'
import { PLACEMENT_MESSAGES } from './messages.ts'
import { suggestTutorsFor } from './suggestions.ts'

const notFound = { status: 404 as const, body: { message: PLACEMENT_MESSAGES.notFound } }
const learnerNotFound = { status: 404 as const, body: { message: PLACEMENT_MESSAGES.learnerNotFound } }
const UNKNOWN_SUBJECT = 'Choose a subject from the list.'

/**
 * Runs a placement write in one transaction. A refusal found halfway undoes it; a second current placement for the
 * same learner and subject made at the same moment meets the unique index, and is refused too.
 */
async function runPlacementWrite<Outcome>(db: Db, write: (tx: Db) => Promise<Outcome>): Promise<Outcome | PlacementRefused['outcome']> {
  try {
    return await db.transaction(write)
  } catch (error) {
    if (error instanceof PlacementRefused) return error.outcome
    if (!isUniqueViolation(error)) throw error
    return { refused: PLACEMENT_MESSAGES.placedAtOnce }
  }
}

/** The answer for a placement write: the placement and its version, or why it could not be made. */
async function reply<S extends 200 | 201>(db: Db, outcome: PlacementResult, status: S) {
  if ('refused' in outcome) return { status: 409 as const, body: { message: outcome.refused } }
  if ('field' in outcome) return fieldProblem(outcome.field, outcome.message)
  const placement = await readPlacement(db, outcome.placementId)
  if (!placement) throw new Error('The placement just stored cannot be read.')
  return { status, body: placement, headers: { ETag: versionTag(placement.version) } }
}

async function isOffered(db: Db, subject: string): Promise<boolean> {
  return (await readSubjects(db)).some((offered) => offered.toLowerCase() === subject.toLowerCase())
}

export const suggestTutors: Handler<'suggestTutors'> = async ({ params, query }, deps) => {
  const { db } = deps.database
  const student = await readStudentRow(db, params.studentId)
  if (!student) return learnerNotFound
  const subject = query.subject.trim()
  if (!(await isOffered(db, subject))) return fieldProblem('subject', UNKNOWN_SUBJECT)
  return { status: 200, body: await suggestTutorsFor(db, student, subject, query.mode ?? student.deliveryMode) }
}

export const listPlacements: Handler<'listPlacements'> = async ({ query }, deps) => {
  const { studentId, tutorId, schoolId, status } = query
  return { status: 200, body: await listPlacementPage(deps.database.db, { studentId, tutorId, schoolId, status, ...pageOf(query) }) }
}

export const createPlacement: Handler<'createPlacement'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const input = cleanInput(body) as PlacementInput
  const problems = checkSchema('PlacementInput', input)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  if (!(await isOffered(db, input.subject))) return fieldProblem('subject', UNKNOWN_SUBJECT)
  const outcome = await runPlacementWrite(db, (tx) => createPlacementRecord(tx, deps, input, { actorId: session().user.id, request }))
  if ('placementId' in outcome) deps.mailer.kick()
  return reply(db, outcome, 201)
}

export const previewPlacement: Handler<'previewPlacement'> = async ({ body }, deps) => {
  const input = cleanInput(body) as PlacementInput
  const problems = checkSchema('PlacementInput', input)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const mails = await previewPlacementMails(deps.database.db, deps, input)
  if ('field' in mails) return fieldProblem(mails.field, mails.message)
  const shown = (audience: 'tutor' | 'contact') => ({ audience, to: mails[audience].to, subject: mails[audience].subject, text: mails[audience].text })
  return { status: 200, body: { mails: [shown('tutor'), shown('contact')] } }
}

/** A write to an existing placement: not found and stale first, then as any placement write. */
async function existingReply<S extends 200 | 201>(db: Db, kick: () => void, outcome: PlacementOutcome, status: S) {
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if ('placementId' in outcome) kick()
  return reply(db, outcome, status)
}

export const endPlacement: Handler<'endPlacement'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const reason = body.reason.trim()
  if (reason === '') return fieldProblem('reason', PLACEMENT_MESSAGES.reasonRequired)
  const outcome = await db.transaction((tx) =>
    endPlacementRecord(tx, deps, params.placementId, versionFromTag(headers['If-Match']), { reason, endedOn: body.endedOn }, { actorId: session().user.id, request }),
  )
  return existingReply(db, () => deps.mailer.kick(), outcome, 200)
}

export const movePlacement: Handler<'movePlacement'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const reason = body.reason.trim()
  if (reason === '') return fieldProblem('reason', PLACEMENT_MESSAGES.reasonRequired)
  const outcome = await runPlacementWrite(
    db,
    (tx) => movePlacementRecord(tx, deps, params.placementId, versionFromTag(headers['If-Match']), { tutorId: body.tutorId, reason, startsOn: body.startsOn }, { actorId: session().user.id, request }),
  )
  return existingReply(db, () => deps.mailer.kick(), outcome, 201)
}
