import { ENUMS } from '@shared/contract.gen'
import type { LessonReportDraft } from '@/api/lessons'
import { TAB_DRAFT_PREFIX } from '@/machines/tab-drafts'

/**
 * The report typed in this tab that the server has not yet kept: written at each change and dropped once a save of
 * the same words succeeds, so a reload in the moment before the draft reaches the server loses nothing. Session
 * storage only (this tab, gone when it closes or its person signs out): the server's draft is the copy that lasts.
 */
export interface UnsavedReport {
  /** When it was typed, to tell it from a newer draft saved on another device. */
  at: string
  draft: LessonReportDraft
}

const keyOf = (lessonId: string) => `${TAB_DRAFT_PREFIX}${lessonId}`
const TEXT_FIELDS = ['covered', 'progress', 'homework', 'staffNote', 'concernDetails'] as const

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

export function keepUnsaved(lessonId: string, draft: LessonReportDraft, now = new Date()): void {
  try {
    storage()?.setItem(keyOf(lessonId), JSON.stringify({ at: now.toISOString(), draft } satisfies UnsavedReport))
  } catch {
    // Storage refused (private mode, full): the server's draft still follows a moment later.
  }
}

/** Drops the unsaved copy once the server has kept these very words (a later change keeps its own copy). */
export function forgetUnsaved(lessonId: string, saved?: LessonReportDraft): void {
  try {
    const kept = readUnsaved(lessonId)
    if (saved === undefined || kept === null || JSON.stringify(kept.draft) === JSON.stringify(saved)) storage()?.removeItem(keyOf(lessonId))
  } catch {
    // Nothing to drop.
  }
}

/** The unsaved copy, or null when there is none or it is not one this release wrote. */
export function readUnsaved(lessonId: string): UnsavedReport | null {
  let value: unknown
  try {
    value = JSON.parse(storage()?.getItem(keyOf(lessonId)) ?? 'null')
  } catch {
    return null
  }
  return isUnsaved(value) ? value : null
}

function isUnsaved(value: unknown): value is UnsavedReport {
  if (typeof value !== 'object' || value === null) return false
  const { at, draft } = value as Record<string, unknown>
  if (typeof at !== 'string' || Number.isNaN(Date.parse(at)) || typeof draft !== 'object' || draft === null) return false
  const fields = draft as Record<string, unknown>
  if (TEXT_FIELDS.some((name) => fields[name] !== undefined && typeof fields[name] !== 'string')) return false
  if (fields.concernSeverity !== undefined && !(ENUMS.ConcernSeverity as readonly unknown[]).includes(fields.concernSeverity)) return false
  const { attendance } = fields
  if (attendance === undefined) return true
  return (
    Array.isArray(attendance) &&
    attendance.every(
      (mark: unknown) =>
        typeof mark === 'object' &&
        mark !== null &&
        typeof (mark as Record<string, unknown>).studentId === 'string' &&
        (ENUMS.Attendance as readonly unknown[]).includes((mark as Record<string, unknown>).attendance),
    )
  )
}
