import { describe, expect, it, vi } from 'vitest'
import { installPreloadRecovery, PRELOAD_RELOAD_FLAG } from '@/preload-recovery'

function preloadError(): Event {
  return new Event('vite:preloadError', { cancelable: true })
}

describe('a failed chunk load', () => {
  it('reloads once, then lets the error through instead of looping', () => {
    const reload = vi.fn()
    const page = new EventTarget()
    installPreloadRecovery(page, sessionStorage, reload)

    const first = preloadError()
    page.dispatchEvent(first)
    expect(reload).toHaveBeenCalledOnce()
    expect(first.defaultPrevented).toBe(true)
    expect(sessionStorage.getItem(PRELOAD_RELOAD_FLAG)).not.toBeNull()

    const second = preloadError()
    page.dispatchEvent(second)
    expect(reload).toHaveBeenCalledOnce()
    expect(second.defaultPrevented).toBe(false)
  })

  it('re-arms after a page loaded', () => {
    const reload = vi.fn()
    sessionStorage.setItem(PRELOAD_RELOAD_FLAG, '1')
    const page = new EventTarget()
    const markPageLoaded = installPreloadRecovery(page, sessionStorage, reload)
    markPageLoaded()
    page.dispatchEvent(preloadError())
    expect(reload).toHaveBeenCalledOnce()
  })
})
