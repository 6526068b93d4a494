import { afterEach, describe, expect, it } from 'vitest'
import { createAuthStorage } from '@/machines/auth.storage'
import { TAB_DRAFT_PREFIX } from '@/machines/tab-drafts'
import { keepUnsaved, readUnsaved } from '@/routes/_authenticated/tutor/-components/unsaved-report'

afterEach(() => {
  sessionStorage.clear()
  localStorage.clear()
})

describe('words typed in a tab and not yet kept by the server', () => {
  it('are gone once the person signs out, and nothing else of the tab is touched', () => {
    keepUnsaved('lesson-1', { covered: 'Fractions', concernDetails: 'She said something worrying.' })
    keepUnsaved('lesson-2', { staffNote: 'Call the family.' })
    sessionStorage.setItem('tec.other', 'kept')
    expect(readUnsaved('lesson-1')?.draft.concernDetails).toBe('She said something worrying.')
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith(TAB_DRAFT_PREFIX))).toHaveLength(2)

    createAuthStorage({ local: localStorage, session: sessionStorage }).remove()

    expect(readUnsaved('lesson-1')).toBeNull()
    expect(readUnsaved('lesson-2')).toBeNull()
    expect(sessionStorage.getItem('tec.other')).toBe('kept')
  })
})
