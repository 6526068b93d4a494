import type { Handler } from '../contract/types.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { normaliseEmail } from '../lib/email.ts'
import { pageOf } from '../lib/paging.ts'
import { fieldProblem } from '../lib/replies.ts'
import { changeActive, changeRole, changeSafeguardingLead, inviteAdminAccount, listStaffPage, readStaffAccount, resetSecondFactor, STAFF_MESSAGES } from './records.ts'

const notFound = { status: 404 as const, body: { message: STAFF_MESSAGES.notFound } }

export const listStaffAccounts: Handler<'listStaffAccounts'> = async ({ query }, deps) => {
  return { status: 200, body: await listStaffPage(deps.database.db, { q: query.q, role: query.role, status: query.status, ...pageOf(query) }) }
}

export const inviteAdmin: Handler<'inviteAdmin'> = async ({ body, request, session }, deps) => {
  const { db } = deps.database
  const name = body.name.trim()
  if (name === '') return fieldProblem('name', 'Enter their name.')
  const email = normaliseEmail(body.email)
  const inviter = session().user
  const safeguardingLead = body.safeguardingLead ?? false
  // Only a lead gives the mark, so no admin can give themselves (or a friend) the concerns to read.
  if (safeguardingLead && !inviter.safeguardingLead) return fieldProblem('safeguardingLead', STAFF_MESSAGES.leadGivesLead)
  let user
  try {
    user = await db.transaction((tx) => inviteAdminAccount(tx, deps, { name, email, safeguardingLead }, inviter, { actorId: inviter.id, request }))
  } catch (error) {
    // Two invitations for one email at once: the second meets the unique index.
    if (!isUniqueViolation(error)) throw error
  }
  if (!user) return { status: 409, body: { message: STAFF_MESSAGES.accountExists(email), fields: { email: STAFF_MESSAGES.accountExists(email) } } }
  deps.mailer.kick()
  const account = await readStaffAccount(db, user.id)
  if (!account) throw new Error('The account just stored cannot be read.')
  return { status: 201, body: account }
}

export const changeStaffRole: Handler<'changeStaffRole'> = async ({ params, body, request, session }, deps) => {
  const { db } = deps.database
  const actorId = session().user.id
  const outcome = await db.transaction((tx) => changeRole(tx, params.userId, body.role, { actorId, request }))
  if (outcome === 'missing') return notFound
  if (typeof outcome === 'object') return { status: 409, body: { message: outcome.refused } }
  const account = await readStaffAccount(db, params.userId)
  return account ? { status: 200, body: account } : notFound
}

export const changeStaffStatus: Handler<'changeStaffStatus'> = async ({ params, body, request, session }, deps) => {
  const { db } = deps.database
  const actorId = session().user.id
  const outcome = await db.transaction((tx) => changeActive(tx, params.userId, body.active, { actorId, request }))
  if (outcome === 'missing') return notFound
  if (typeof outcome === 'object') return { status: 409, body: { message: outcome.refused } }
  const account = await readStaffAccount(db, params.userId)
  return account ? { status: 200, body: account } : notFound
}

export const changeStaffSafeguardingLead: Handler<'changeStaffSafeguardingLead'> = async ({ params, body, request, session }, deps) => {
  const { db } = deps.database
  const actorId = session().user.id
  const outcome = await db.transaction((tx) => changeSafeguardingLead(tx, params.userId, body.safeguardingLead, { actorId, request }))
  if (outcome === 'missing') return notFound
  if (outcome === 'not admin') return fieldProblem('safeguardingLead', STAFF_MESSAGES.leadsAreAdmins)
  if (typeof outcome === 'object') return { status: 409, body: { message: outcome.refused } }
  const account = await readStaffAccount(db, params.userId)
  return account ? { status: 200, body: account } : notFound
}

export const resetStaffSecondFactor: Handler<'resetStaffSecondFactor'> = async ({ params, request, session }, deps) => {
  const { db } = deps.database
  const actor = session().user
  const outcome = await db.transaction((tx) => resetSecondFactor(tx, deps, params.userId, actor, { actorId: actor.id, request }))
  if (outcome === 'missing') return notFound
  if (typeof outcome === 'object') return { status: 409, body: { message: outcome.refused } }
  deps.mailer.kick()
  const account = await readStaffAccount(db, params.userId)
  return account ? { status: 200, body: account } : notFound
}
