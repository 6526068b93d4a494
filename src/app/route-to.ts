import type { RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router'

/**
 * The address of a route, held by the type check to the app's routes (a renamed or removed page fails it), for the
 * shared layouts and views that take plain addresses: navigation menus and not-found pages.
 */
export function routeTo<const Options>(options: ValidateLinkOptions<RegisteredRouter, Options>): string {
  return (options as { to: string }).to
}
