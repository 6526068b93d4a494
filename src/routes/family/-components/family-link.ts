/**
 * Where the family page keeps the link it was opened with, for this tab only: the link leaves the address bar at once
 * (history, bookmarks, screenshots, a forwarded address), and a reload still opens the page.
 */
const KEY = 'tec-family-link'

export function keptFamilyLink(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function keepFamilyLink(link: string): void {
  try {
    sessionStorage.setItem(KEY, link)
  } catch {
    // Storage refused (a private window's quota): the page still opens, only a reload asks for the link again.
  }
}

export function forgetFamilyLink(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing was kept.
  }
}
