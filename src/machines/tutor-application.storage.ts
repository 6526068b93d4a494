import { emptyDraft, STEP_IDS, type StepId, type TutorApplicationDraft } from './tutor-application.rules'

/** Session storage (this tab only): a reload keeps the answers, closing the tab forgets them. */
export const DRAFT_KEY = 'tec.tutor-application.draft'
/** Raised whenever the draft's shape changes, so an entry written by an older release is dropped. */
export const DRAFT_VERSION = 1

export interface SavedApplication {
  step: StepId
  /** The furthest step reached, so the stepper and "Edit" links can go back to any step already seen. */
  furthest: StepId
  draft: TutorApplicationDraft
}

export interface ApplicationStorage {
  read(): SavedApplication | null
  save(saved: SavedApplication): void
  remove(): void
}

export function createApplicationStorage(storage: Storage): ApplicationStorage {
  return {
    read() {
      let raw: string | null
      try {
        raw = storage.getItem(DRAFT_KEY)
      } catch {
        return null
      }
      if (raw === null) return null
      const saved = parseSaved(raw)
      // An old shape, a half-written or hand-edited entry: start afresh rather than fail on it later.
      if (saved === null) safely(() => storage.removeItem(DRAFT_KEY))
      return saved
    },
    save(saved) {
      // Refused storage (private mode, quota): the answers still live in memory until the page reloads.
      safely(() => storage.setItem(DRAFT_KEY, JSON.stringify({ version: DRAFT_VERSION, ...saved })))
    },
    remove() {
      safely(() => storage.removeItem(DRAFT_KEY))
    },
  }
}

function safely(write: () => void): void {
  try {
    write()
  } catch {
    // Nothing to do: the draft is a convenience, never the only copy of anything sent.
  }
}

function parseSaved(raw: string): SavedApplication | null {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (!isRecord(value) || value.version !== DRAFT_VERSION || !isStep(value.step) || !isStep(value.furthest)) return null
  const draft = conform(emptyDraft(), value.draft)
  if (draft === undefined) return null
  const furthest = STEP_IDS.indexOf(value.furthest) < STEP_IDS.indexOf(value.step) ? value.step : value.furthest
  return { step: value.step, furthest, draft: draft as TutorApplicationDraft }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const isStep = (value: unknown): value is StepId => typeof value === 'string' && (STEP_IDS as readonly string[]).includes(value)

/**
 * The stored value in the template's shape, or undefined when it does not fit: every string, boolean, list
 * of strings and nested object must have the template's type, so the form never meets a value it cannot show.
 */
function conform(template: unknown, value: unknown): unknown {
  if (typeof template === 'string' || typeof template === 'boolean') return typeof value === typeof template ? value : undefined
  if (Array.isArray(template)) {
    if (!Array.isArray(value)) return undefined
    // A fixed list of objects (the two referees) keeps its length; a list of choices holds strings only.
    if (template.length > 0) {
      if (value.length !== template.length) return undefined
      const items = template.map((item, index) => conform(item, value[index]))
      return items.includes(undefined) ? undefined : items
    }
    return value.every((item) => typeof item === 'string') ? value : undefined
  }
  if (isRecord(template)) {
    if (!isRecord(value)) return undefined
    const result: Record<string, unknown> = {}
    for (const key of Object.keys(template)) {
      const field = conform(template[key], value[key])
      if (field === undefined) return undefined
      result[key] = field
    }
    return result
  }
  return undefined
}
