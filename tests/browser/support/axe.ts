import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, Result, RunOptions } from 'axe-core'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe-core's violations on the page as it is now, every rule axe runs by default. axe goes into each document once and
 * runs there, reporting violations only: @axe-core/playwright's analyze() injected it anew every time and finished each
 * run in a new blank page, about four times the work for the same findings (docs/decisions.md). That builder's
 * per-frame runs are for pages with frames; these have none, and a page that gains one fails here rather than going
 * half-checked.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  const frames = page.frames().length
  if (frames > 1) throw new Error(`${page.url()} has ${frames - 1} frame(s): axeViolations checks the top document only`)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }))
  return results.violations
}
