import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { blocksOf, GUIDE } from './support/production-guide.ts'

/** Every setting the server reads (server/config.ts), by name. */
function settingsRead(): string[] {
  const source = readFileSync('server/config.ts', 'utf8')
  return [...new Set([...source.matchAll(/read\(env, '([A-Z0-9_]+)'\)/g)].map((match) => match[1] ?? ''))].sort()
}

// These read files, not a database: the embedded database's project alone runs this file. (Following the guide on
// PostgreSQL: production-guide.postgres.test.ts.)
describe('the production guide', () => {
  it('marks every block as run by the tests (sh, sql) or as needing what the tests lack (text, ini, caddy, nginx)', () => {
    const blocks = blocksOf(GUIDE)
    expect(blocks.length).toBeGreaterThan(10)
    for (const block of blocks) expect(['sh', 'sql', 'text', 'ini', 'caddy', 'nginx'], block.code).toContain(block.lang)
  })

  it('names every setting the server reads, as the README table does', () => {
    const readme = readFileSync('README.md', 'utf8')
    const table = readme.slice(readme.indexOf('## Settings'), readme.indexOf('## Everyday commands'))
    for (const name of settingsRead()) {
      expect(table, `README's Settings table lacks ${name}`).toContain(`\`${name}\``)
      expect(GUIDE, `docs/production.md lacks ${name}`).toContain(name)
    }
  })
})
