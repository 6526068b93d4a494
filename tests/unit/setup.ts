import { cleanup, configure } from '@testing-library/react'
import { notifications } from '@mantine/notifications'
import { afterEach, vi } from 'vitest'

// jsdom lacks these browser APIs; Mantine (matchMedia, ResizeObserver, scrollIntoView, document.fonts) and the
// router (scrollTo) call them, so they get inert stand-ins with the browser's shapes.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
})

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub
Element.prototype.scrollIntoView = function scrollIntoView() {}
window.scrollTo = () => {}
// No FontFaceSet either; Mantine's autosizing Textarea listens on document.fonts for web fonts loading.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true })

// findBy… and waitFor wait up to 5 s rather than 1 s: the first render of a lazy route compiles its chunk, which
// on a busy two-core machine can take longer than a second. A passing wait returns as soon as it passes.
configure({ asyncUtilTimeout: 5000 })

// The files of a worker share its modules and its document (isolate: false in vite.config.ts), so each test leaves
// them as it found them: nothing rendered, no toast shown or queued in Mantine's store, nothing stored, the real clock.
afterEach(() => {
  cleanup()
  notifications.clean()
  notifications.cleanQueue()
  localStorage.clear()
  sessionStorage.clear()
  vi.useRealTimers()
})
