import type { Role } from '@/api/auth'
import { safeRedirect } from './safe-redirect'

/** Where each role works: ADMIN in /admin, every other role in /tutor. */
export function areaFor(role: Role | null): '/admin' | '/tutor' {
  return role === 'ADMIN' ? '/admin' : '/tutor'
}

/**
 * Where a fresh sign-in goes: the `redirect` it was sent from when that is a safe path the role may open,
 * otherwise the role's area. Admins may open any page; tutors only their own area.
 */
export function destinationAfterLogin(role: Role, redirect: unknown): string {
  const area = areaFor(role)
  const target = safeRedirect(redirect)
  if (target === null) return area
  if (role === 'ADMIN' || isWithin(target, area)) return target
  return area
}

function isWithin(target: string, area: string): boolean {
  const pathname = target.split(/[?#]/, 1)[0] ?? ''
  return pathname === area || pathname.startsWith(`${area}/`)
}
