import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { siteBuilds } from '../../server/db/schema.ts'
import { KEPT_BUILDS, keepBuildAssets } from '../../server/site-assets.ts'
import { createTestApp, type TestApp } from './support/test-app.ts'

/**
 * During a rolling deploy, machines of two builds serve at once: a page of either build may ask a machine of the
 * other for its hashed files. Every machine stores its build's files in the database at start, and serves another
 * build's from there, as long as that build is kept.
 */
let t: TestApp
const folders: string[] = []
const DAY_MS = 24 * 60 * 60 * 1000

/** A stand-in for one `vite build`'s dist/: index.html and these files under assets/ (with a map and a brotli copy). */
function build(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'tec-build-'))
  folders.push(root)
  mkdirSync(path.join(root, 'assets'))
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>TEC</title><div id="root"></div>')
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(root, 'assets', name), text)
    writeFileSync(path.join(root, 'assets', `${name}.map`), '{"version":3,"sources":["src/secret.tsx"]}')
    writeFileSync(path.join(root, 'assets', `${name}.br`), 'not really brotli')
  }
  return root
}

/** A machine serving the build in `root`, on the test's database. */
const machine = (root: string) => (address: string) => createApp({ ...t.deps, staticRoot: root }).request(address)

/** Moves a build's latest start back in time: the application's clock is what pruning compares with. */
async function startedDaysAgo(build: string, days: number): Promise<void> {
  await t.database.db
    .update(siteBuilds)
    .set({ lastStartedAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(siteBuilds.id, build))
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe("another build's hashed files", () => {
  it('are served by a machine of either build, with their type and the same year-long cache; unknown ones are 404', async () => {
    const older = build({ 'main-old111.js': 'console.log("old")', 'shared-aaa111.css': 'body{color:red}' })
    const newer = build({ 'main-new222.js': 'console.log("new")', 'shared-aaa111.css': 'body{color:red}' })
    expect((await keepBuildAssets(t.database.db, older))?.stored).toBe(2)
    // The shared file is stored once: the new build stores only what is missing.
    expect((await keepBuildAssets(t.database.db, newer))?.stored).toBe(1)
    expect((await keepBuildAssets(t.database.db, newer))?.stored).toBe(0)

    // A page of the old build asks a machine of the new one for its chunk...
    const fromNew = await machine(newer)('/assets/main-old111.js')
    expect(fromNew.status).toBe(200)
    expect(fromNew.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(fromNew.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(fromNew.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await fromNew.text()).toBe('console.log("old")')
    // ...and a page of the new build asks a machine of the old one.
    const fromOld = await machine(older)('/assets/main-new222.js')
    expect(fromOld.status).toBe(200)
    expect(fromOld.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await fromOld.text()).toBe('console.log("new")')
    const style = await machine(older)('/assets/shared-aaa111.css')
    expect(style.headers.get('content-type')).toMatch(/^text\/css/)

    // Nothing else is found: an unknown name, a source map or compressed copy (never stored), an odd name.
    for (const address of ['/assets/main-gone999.js', '/assets/main-new222.js.map', '/assets/main-new222.js.br', "/assets/x'%20or%201=1.js"]) {
      const missing = await machine(older)(address)
      expect(missing.status, address).toBe(404)
      expect(missing.headers.get('cache-control'), address).toBeNull()
    }
  })

  it(`are kept for the last ${KEPT_BUILDS.builds} builds or ${KEPT_BUILDS.days} days, whichever keeps more`, async () => {
    await t.database.db.execute(sql`delete from site_builds`)
    const files = (n: number) => ({ [`page-b${n}.js`]: `console.log(${n})`, 'vendor-same.js': 'console.log("vendor")' })
    const roots = [1, 2, 3, 4, 5].map((n) => build(files(n)))
    // Asked of a machine whose own build has none of these files, so each answer comes from the database.
    const bare = machine(build({ 'main-bare000.js': '' }))
    const served = async () => {
      const found: number[] = []
      for (const n of [1, 2, 3, 4, 5, 6]) if ((await bare(`/assets/page-b${n}.js`)).status === 200) found.push(n)
      return found
    }
    // Builds 1 to 4 first started 30, 6.5, 6 and 5 days ago; build 5 starts now.
    const ids: string[] = []
    for (const [index, days] of [30, 6.5, 6, 5].entries()) {
      const kept = await keepBuildAssets(t.database.db, roots[index])
      ids.push(kept!.build)
      await startedDaysAgo(kept!.build, days)
    }
    const fifth = await keepBuildAssets(t.database.db, roots[4])
    ids.push(fifth!.build)
    // Four builds of the last week stay; the one of a month ago goes.
    expect(await served()).toEqual([2, 3, 4, 5])

    // A week later, with no new build, a restart keeps the last three all the same.
    for (const [index, days] of [14, 13, 12, 8].entries()) await startedDaysAgo(ids[index + 1]!, days)
    expect((await keepBuildAssets(t.database.db, roots[4]))?.pruned).toBe(1)
    expect(await served()).toEqual([3, 4, 5])

    // A sixth build pushes the oldest of them out, but not the file it shares with the builds that stay.
    expect((await keepBuildAssets(t.database.db, build(files(6))))?.pruned).toBe(1)
    expect(await served()).toEqual([4, 5, 6])
    expect((await bare('/assets/vendor-same.js')).status).toBe(200)
  })

  it('are kept from the latest start of a build: a rollback to a build older than the week and the last three keeps its files while it serves', async () => {
    await t.database.db.execute(sql`delete from site_builds`)
    const files = (n: number) => ({ [`back-r${n}.js`]: `console.log(${n})` })
    const roots = [1, 2, 3, 4].map((n) => build(files(n)))
    const ids: string[] = []
    for (const root of roots) ids.push((await keepBuildAssets(t.database.db, root))!.build)
    // Builds 1 to 4 last started 9, 8.5, 8 and 7.5 days ago: all four kept, since nothing started after them.
    for (const [index, days] of [9, 8.5, 8, 7.5].entries()) await startedDaysAgo(ids[index]!, days)
    const bare = machine(build({ 'main-bare001.js': '' }))
    // Build 4 turns out bad: the machines are rolled back to build 1, which serves again...
    expect((await keepBuildAssets(t.database.db, roots[0]))?.pruned).toBe(1)
    // ...and a machine still on build 4 that restarts meanwhile keeps the last three started, build 1 among them.
    expect((await keepBuildAssets(t.database.db, roots[3]))?.pruned).toBe(0)
    expect((await bare('/assets/back-r1.js')).status).toBe(200)
    expect((await bare('/assets/back-r2.js')).status).toBe(404)
    expect((await bare('/assets/back-r3.js')).status).toBe(200)
    expect((await bare('/assets/back-r4.js')).status).toBe(200)
  })
})
