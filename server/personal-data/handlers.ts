import type { Handler, HandlerInput } from '../contract/types.ts'
import { fieldsProblem } from '../lib/replies.ts'
import { MESSAGES } from '../messages.ts'
import { exportPersonalData, type ExportRequest } from './export.ts'
import { matchesFor } from './matches.ts'
import { zipNameOf, zipOf } from './zip.ts'

export const PERSONAL_DATA_MESSAGES = {
  notFound: 'There is no such record. It may have been erased; search again from the list.',
  required: 'This field is required.',
} as const

type ExportInput = HandlerInput<'getPersonalData'> | HandlerInput<'downloadPersonalData'>

/**
 * The request as the export reads it, or the answer refusing it: each kind needs the fields that name its person, and
 * only a safeguarding lead may include concerns (anyone else asking is told so, not quietly given less).
 */
function readRequest({ query, session }: ExportInput): ExportRequest | { status: 400 | 403; body: { message: string; fields?: Record<string, string> } } {
  const missing: Record<string, string> = {}
  if (query.kind === 'contact' && query.email === undefined) missing.email = PERSONAL_DATA_MESSAGES.required
  if (query.kind !== 'contact' && query.id === undefined) missing.id = PERSONAL_DATA_MESSAGES.required
  if (query.kind === 'school-contact' && query.contact === undefined) missing.contact = PERSONAL_DATA_MESSAGES.required
  if (Object.keys(missing).length > 0) return fieldsProblem(missing)
  const includeConcerns = query.includeConcerns ?? false
  const byLead = session().user.safeguardingLead
  if (includeConcerns && !byLead) return { status: 403, body: { message: MESSAGES.safeguardingLeadsOnly } }
  return { kind: query.kind, id: query.id, email: query.email, contact: query.contact, includeConcerns, byLead }
}

const notFound = { status: 404 as const, body: { message: PERSONAL_DATA_MESSAGES.notFound } }

export const findPersonalData: Handler<'findPersonalData'> = async ({ query }, deps) => {
  return { status: 200, body: await matchesFor(deps.database.db, query.email) }
}

export const getPersonalData: Handler<'getPersonalData'> = async (input, deps) => {
  const request = readRequest(input)
  if ('status' in request) return request
  const { user } = input.session()
  const made = await exportPersonalData(deps.database.db, request, { user: { id: user.id, name: user.name }, ip: input.request.ip, form: 'page' })
  return made ? { status: 200, body: made } : notFound
}

export const downloadPersonalData: Handler<'downloadPersonalData'> = async (input, deps) => {
  const request = readRequest(input)
  if ('status' in request) return request
  const { user } = input.session()
  const made = await exportPersonalData(deps.database.db, request, { user: { id: user.id, name: user.name }, ip: input.request.ip, form: 'zip' })
  if (!made) return notFound
  return { status: 200, bytes: zipOf(made), contentType: 'application/zip', headers: { 'Content-Disposition': `attachment; filename="${zipNameOf(made)}"` } }
}
