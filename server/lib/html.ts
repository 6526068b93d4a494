/** Text made safe to put in HTML, as an element's content or a quoted attribute's value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
