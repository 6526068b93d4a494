import { ENUMS } from '@shared/contract.gen'
import type { PersonalDataKind, PersonalDataQuery } from '@/api/personal-data'

/** The export page's address: whose data (kind and id, email or contact) and whether a lead included concerns. */
export interface ExportSearch {
  kind?: PersonalDataKind
  id?: string
  email?: string
  contact?: number
  includeConcerns?: boolean
}

const isKind = (value: unknown): value is PersonalDataKind => typeof value === 'string' && (ENUMS.PersonalDataKind as readonly string[]).includes(value)

export function exportSearch(search: Record<string, unknown>): ExportSearch {
  const contact = Number(search.contact)
  return {
    ...(isKind(search.kind) ? { kind: search.kind } : {}),
    ...(typeof search.id === 'string' && search.id !== '' ? { id: search.id } : {}),
    ...(typeof search.email === 'string' && search.email !== '' ? { email: search.email } : {}),
    ...(search.contact !== undefined && Number.isInteger(contact) && contact >= 0 ? { contact } : {}),
    ...(search.includeConcerns === true || search.includeConcerns === 'true' ? { includeConcerns: true } : {}),
  }
}

/** What the API takes, once the address names a kind. */
export function exportQuery(search: ExportSearch & { kind: PersonalDataKind }): PersonalDataQuery {
  return {
    kind: search.kind,
    ...(search.id === undefined ? {} : { id: search.id }),
    ...(search.email === undefined ? {} : { email: search.email }),
    ...(search.contact === undefined ? {} : { contact: search.contact }),
    ...(search.includeConcerns ? { includeConcerns: true } : {}),
  }
}
