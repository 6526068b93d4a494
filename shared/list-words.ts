/** A list as a sentence says it: "Maths", "Maths and English", "Maths, English and Science" (or "… or …"). */
export function inWords(items: readonly string[], last: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`
}
