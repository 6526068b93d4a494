import type { FieldErrors } from './enrolment-rules'

/**
 * Where a form's problems land in the page. The form's inputs carry their field path in `data-path` (set by
 * Mantine's getInputProps), so the page itself says which fields exist and in what order a person meets them.
 */
export function fieldPathsIn(form: HTMLFormElement): string[] {
  return [...form.querySelectorAll<HTMLElement>('[data-path]')].map((node) => node.dataset.path ?? '')
}

/**
 * Puts the server's field messages (dotted paths such as `contact.email`, `subjects.0` or `address`) under
 * the fields shown: an exact path, else the first shown field inside it (`address` → `address.line1`), else
 * its nearest shown parent (`subjects.0` → `subjects`). `rename` maps contract paths a form shows as one
 * field (`startYear` → `start`). Messages with no field shown are answered in `unplaced`.
 */
export function placeServerErrors(
  fields: Record<string, string>,
  shown: readonly string[],
  rename: Record<string, string> = {},
): { placed: FieldErrors; unplaced: string[] } {
  const placed: FieldErrors = {}
  const unplaced: string[] = []
  for (const [field, message] of Object.entries(fields)) {
    const target = pathFor(rename[field] ?? field, shown)
    if (target === undefined) unplaced.push(message)
    else placed[target] ??= message
  }
  return { placed, unplaced }
}

function pathFor(field: string, shown: readonly string[]): string | undefined {
  if (shown.includes(field)) return field
  const inside = shown.find((path) => path.startsWith(`${field}.`))
  if (inside) return inside
  const parts = field.split('.')
  for (let length = parts.length - 1; length > 0; length -= 1) {
    const parent = parts.slice(0, length).join('.')
    if (shown.includes(parent)) return parent
  }
  return undefined
}

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select, textarea, button:not([disabled])'

/**
 * Brings the first field, in page order, that has a message into view and moves focus to it, so a keyboard user
 * lands on it and a person on a small screen sees it, wherever the button they pressed was.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, unknown>): void {
  if (!form) return
  const first = [...form.querySelectorAll<HTMLElement>('[data-path]')].find((node) => Boolean(errors[node.dataset.path ?? '']))
  if (!first) return
  // A group (checkboxes, radios) carries the path on its wrapper, whose group names its message (aria-describedby):
  // focus the checked choice or its first one, as a screen reader then reads the group's name and message.
  const target = first.matches(FOCUSABLE) ? first : (first.querySelector<HTMLElement>('input:checked') ?? first.querySelector<HTMLElement>(FOCUSABLE))
  if (!target) return
  // The field (a group with its label, choices and message) in the middle of the window, or its top when it is taller.
  first.scrollIntoView({ block: first.getBoundingClientRect().height < window.innerHeight ? 'center' : 'start' })
  target.focus({ preventScroll: true })
}
