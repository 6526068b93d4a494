import { emptyDraft, STEP_IDS, type StepId, type TutorApplicationDraft } from './tutor-application.rules'

/**
 * Local storage (this browser, every tab): closing the tab or the browser keeps the answers, for DRAFT_LIFETIME_MS
 * after they were last saved, so a fifteen-minute application can be finished another day.
 */
export const DRAFT_KEY = 'tec.tutor-application.draft'
/**
 * Session storage (this tab only): the answers kept out of local storage, since a browser may be shared. Only the DBS
 * certificate number, which is about a criminal record check: a reload keeps it, closing the tab forgets it.
 */
export const TAB_DRAFT_KEY = 'tec.tutor-application.this-tab'
/** Raised whenever the draft's shape changes, so an entry written by an older release is dropped. */
export const DRAFT_VERSION = 2
/** How long a draft is kept after it was last saved; an older one is removed when it is read. */
export const DRAFT_LIFETIME_DAYS = 30
const DRAFT_LIFETIME_MS = DRAFT_LIFETIME_DAYS * 24 * 60 * 60 * 1000

export interface SavedApplication {
  step: StepId
  /** The furthest step reached, so the stepper and "Edit" links can go back to any step already seen. */
  furthest: StepId
  draft: TutorApplicationDraft
}

/** A saved application as read back, with when it was last saved (an ISO date and time). */
export interface KeptApplication extends SavedApplication {
  savedAt: string
}

export interface ApplicationStorage {
  read(): KeptApplication | null
  save(saved: SavedApplication): void
  remove(): void
}

export interface ApplicationStores {
  /** Kept when the tab closes: local storage. */
  local: Storage
  /** This tab only: session storage. */
  session: Storage
}

/** The answers as local storage keeps them: never the certificate number, and never the bots' trap field. */
function keptPart(draft: TutorApplicationDraft): TutorApplicationDraft {
  return { ...draft, backgroundCheck: { ...draft.backgroundCheck, certificateNumber: '' }, website: '' }
}

const isUntouched = (draft: TutorApplicationDraft) => JSON.stringify(keptPart(draft)) === JSON.stringify(emptyDraft()) && draft.backgroundCheck.certificateNumber === ''

/** What a save writes besides the version and the time, to tell whether anything changed. */
const contentOf = ({ step, furthest, draft }: SavedApplication) => JSON.stringify({ step, furthest, draft: keptPart(draft) })

export function createApplicationStorage({ local, session }: ApplicationStores, now: () => number = Date.now): ApplicationStorage {
  // The answers as last read or written: saving them unchanged (the wizard saves the step it opens on) keeps the time
  // they were saved, so the lifetime and "You last changed them on…" count from a change, not from a visit.
  let unchanged: string | null = null
  const remove = () => {
    unchanged = null
    safely(() => local.removeItem(DRAFT_KEY))
    safely(() => session.removeItem(TAB_DRAFT_KEY))
  }
  return {
    read() {
      let raw: string | null
      try {
        raw = local.getItem(DRAFT_KEY)
      } catch {
        return null
      }
      if (raw === null) return null
      const saved = parseSaved(raw, now())
      // Expired, an old shape, a half-written or hand-edited entry: start afresh rather than fail on it later.
      if (saved === null) {
        remove()
        return null
      }
      unchanged = contentOf(saved)
      const certificateNumber = readCertificateNumber(session)
      return certificateNumber === null ? saved : { ...saved, draft: { ...saved.draft, backgroundCheck: { ...saved.draft.backgroundCheck, certificateNumber } } }
    },
    save({ step, furthest, draft }) {
      // Nothing answered yet: nothing to keep, and no notice of kept answers next time.
      if (isUntouched(draft)) {
        remove()
        return
      }
      const content = contentOf({ step, furthest, draft })
      if (content !== unchanged) {
        unchanged = content
        // Refused storage (private mode, quota): the answers still live in memory until the page reloads.
        const savedAt = new Date(now()).toISOString()
        safely(() => local.setItem(DRAFT_KEY, JSON.stringify({ version: DRAFT_VERSION, savedAt, step, furthest, draft: keptPart(draft) })))
      }
      const { certificateNumber } = draft.backgroundCheck
      safely(() =>
        certificateNumber === '' ? session.removeItem(TAB_DRAFT_KEY) : session.setItem(TAB_DRAFT_KEY, JSON.stringify({ version: DRAFT_VERSION, certificateNumber })),
      )
    },
    remove,
  }
}

function safely(write: () => void): void {
  try {
    write()
  } catch {
    // Nothing to do: the draft is a convenience, never the only copy of anything sent.
  }
}

function readCertificateNumber(session: Storage): string | null {
  try {
    const value: unknown = JSON.parse(session.getItem(TAB_DRAFT_KEY) ?? 'null')
    return isRecord(value) && value.version === DRAFT_VERSION && typeof value.certificateNumber === 'string' ? value.certificateNumber : null
  } catch {
    return null
  }
}

function parseSaved(raw: string, now: number): KeptApplication | null {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (!isRecord(value) || value.version !== DRAFT_VERSION || !isStep(value.step) || !isStep(value.furthest)) return null
  if (typeof value.savedAt !== 'string' || !isFresh(Date.parse(value.savedAt), now)) return null
  const draft = conform(emptyDraft(), value.draft)
  if (draft === undefined) return null
  const furthest = STEP_IDS.indexOf(value.furthest) < STEP_IDS.indexOf(value.step) ? value.step : value.furthest
  return { step: value.step, furthest, draft: keptPart(draft as TutorApplicationDraft), savedAt: new Date(Date.parse(value.savedAt)).toISOString() }
}

/** Saved within the lifetime; a time that cannot be read, or further ahead than a clock could be wrong by, is not. */
const isFresh = (savedAt: number, now: number) => !Number.isNaN(savedAt) && now - savedAt <= DRAFT_LIFETIME_MS && savedAt - now <= DRAFT_LIFETIME_MS

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
