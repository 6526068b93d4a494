import { readFileSync } from 'node:fs'

/** docs/production.md, which the tests follow as an administrator would. */
export const GUIDE = readFileSync('docs/production.md', 'utf8')

export interface Block {
  lang: string
  code: string
}

/** The guide's fenced blocks, each with its language: what runs (sh, sql) and what only reads (text, ini, ...). */
export function blocksOf(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({ lang: match[1] ?? '', code: match[2] ?? '' }))
}
