/** Set while the page reloads after a failed chunk load, so a second failure shows an error instead of looping. */
export const PRELOAD_RELOAD_FLAG = 'tec.preload-reloaded'

/**
 * A route chunk that fails to load (usually a new deployment replaced it) reloads the page once to fetch
 * the new build; if it fails again the error reaches the route's error page. Returns the function to call
 * once a page has loaded, which re-arms the single reload.
 */
export function installPreloadRecovery(target: EventTarget, storage: Storage, reload: () => void): () => void {
  target.addEventListener('vite:preloadError', (event) => {
    if (storage.getItem(PRELOAD_RELOAD_FLAG) !== null) return
    storage.setItem(PRELOAD_RELOAD_FLAG, '1')
    event.preventDefault()
    reload()
  })
  return () => storage.removeItem(PRELOAD_RELOAD_FLAG)
}
