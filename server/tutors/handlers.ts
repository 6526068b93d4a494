import { hashPassword } from '../auth/passwords.ts'
import { newToken } from '../auth/tokens.ts'
import type { Handler } from '../contract/types.ts'
import { anonymisedRefusal } from '../erasure/guards.ts'
import { listPageReply } from '../record-openings/downloads.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { normaliseEmail } from '../lib/email.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldProblem, fieldsProblem } from '../lib/replies.ts'
import { staleVersion, versionFromTag, versionTag } from '../lib/versions.ts'
import { listTutorPage, readTutorRecord } from './queries.ts'
import { changeTutorStatusRecord, checkTutorProfileInput, createTutorAccount, EMPTY_PROFILE, recordCheck, TUTOR_MESSAGES, updateTutorProfile } from './records.ts'

const notFound = { status: 404 as const, body: { message: TUTOR_MESSAGES.notFound } }

async function recordReply<S extends 200 | 201>(db: Parameters<typeof readTutorRecord>[0], id: string, status: S) {
  const record = await readTutorRecord(db, id)
  return record ? { status, body: record, headers: { ETag: versionTag(record.version) } } : notFound
}

export const listTutors: Handler<'listTutors'> = async (input, deps) => {
  const { q, status, subject, mode, area, check, sort } = input.query
  return listPageReply(deps, input, 'tutors', await listTutorPage(deps.database.db, { q, status, subject, mode, area, check, sort: sort ?? 'name', ...pageOf(input.query) }))
}

export const getTutor: Handler<'getTutor'> = async ({ params, session }, deps) => {
  const reply = await recordReply(deps.database.db, params.tutorId, 200)
  if (reply.status === 200) deps.openings.record({ userId: session().user.id, subjectType: 'tutor', subjectId: params.tutorId, kind: 'opened' })
  return reply
}

export const inviteTutor: Handler<'inviteTutor'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const name = body.name.trim()
  if (name === '') return fieldProblem('name', TUTOR_MESSAGES.nameRequired)
  const email = normaliseEmail(body.email)
  // Nobody knows this password: the tutor chooses theirs through the mailed link.
  const passwordHash = await hashPassword(newToken())
  let user
  try {
    user = await db.transaction((tx) =>
      createTutorAccount(
        tx,
        deps,
        { name, email, passwordHash },
        EMPTY_PROFILE,
        { actorId: session().user.id, request, why: 'invited' },
      ),
    )
  } catch (error) {
    // Two invitations for one email at once: the second meets the unique index.
    if (!isUniqueViolation(error)) throw error
  }
  if (!user) return { status: 409, body: { message: TUTOR_MESSAGES.accountExists(email) } }
  deps.mailer.kick()
  const record = await readTutorRecord(db, user.id)
  if (!record) throw new Error('The tutor just stored cannot be read.')
  return { status: 201, body: record, headers: { ETag: versionTag(record.version) } }
}

export const updateTutor: Handler<'updateTutor'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const anonymised = await anonymisedRefusal(db, 'tutor', params.tutorId)
  if (anonymised) return anonymised
  const { input, problems } = await checkTutorProfileInput(db, body)
  if (Object.keys(problems).length > 0) return fieldsProblem(problems)
  const outcome = await db.transaction((tx) => updateTutorProfile(tx, params.tutorId, versionFromTag(headers['If-Match']), input, { actorId: session().user.id, request }))
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  return recordReply(db, params.tutorId, 200)
}

export const changeTutorStatus: Handler<'changeTutorStatus'> = async ({ params, headers, body, request, session }, deps) => {
  const { db } = deps.database
  const anonymised = await anonymisedRefusal(db, 'tutor', params.tutorId)
  if (anonymised) return anonymised
  const reason = body.reason?.trim() || undefined
  const outcome = await db.transaction((tx) =>
    changeTutorStatusRecord(tx, params.tutorId, versionFromTag(headers['If-Match']), { status: body.status, reason }, { actorId: session().user.id, request }),
  )
  if (outcome === 'missing') return notFound
  if (outcome === 'stale') return staleVersion
  if (typeof outcome === 'object') return { status: 409, body: { message: outcome.refused } }
  return recordReply(db, params.tutorId, 200)
}

export const recordSafeguardingCheck: Handler<'recordSafeguardingCheck'> = async ({ params, body, request, session }, deps) => {
  const { db } = deps.database
  const reference = body.reference.trim()
  if (reference === '') return fieldProblem('reference', TUTOR_MESSAGES.required)
  if (body.expiresOn !== undefined && body.expiresOn <= body.issuedOn) return fieldProblem('expiresOn', TUTOR_MESSAGES.checkDates)
  const outcome = await db.transaction((tx) => recordCheck(tx, params.tutorId, { ...body, reference }, { actorId: session().user.id, request }))
  if (outcome === 'missing') return notFound
  return recordReply(db, params.tutorId, 201)
}
