// Lighthouse (mobile and desktop, performance only) on /, /blog, /courses and /login beside the bare Vite + React
// page: score, LCP, TBT, CLS and total bytes, the median of RUNS runs each. Lighthouse's own CLI, each run in a fresh
// Debian Chromium kept offline (CHROME_PATH and the flags of lib.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CHROMIUM, CHROMIUM_ARGS, entry, median, REPO, RUNS, runToEnd, type Entry } from './lib.ts'

interface Figures {
  score: number
  lcpMs: number
  tbtMs: number
  totalBytes: number
  fcpMs: number
  cls: number
}

interface Report {
  runtimeError?: { code: string; message: string }
  categories: { performance: { score: number | null } }
  audits: Record<string, { numericValue?: number }>
}

/** Lighthouse's flag parser splits on spaces unless a value is quoted. */
const chromeFlags = CHROMIUM_ARGS.map((flag) => (flag.includes(' ') ? flag.replace('=', '="') + '"' : flag)).join(' ')

async function lighthouse(url: string, formFactor: 'mobile' | 'desktop', folder: string, run: number): Promise<Figures> {
  const output = path.join(folder, `${formFactor}-${run}-${url.replace(/\W+/g, '_')}.json`)
  const args = [
    path.join(REPO, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${output}`,
    `--chrome-flags=${chromeFlags}`,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ]
  // Lighthouse now and then loses the trace on this busy machine (NO_NAVSTART): try a run up to 3 times.
  let report: Report | undefined
  for (let attempt = 1; report === undefined; attempt++) {
    try {
      await runToEnd(process.execPath, args, { ...process.env, CHROME_PATH: CHROMIUM })
      const made = JSON.parse(readFileSync(output, 'utf8')) as Report
      if (made.runtimeError) throw new Error(`Lighthouse on ${url}: ${made.runtimeError.code} ${made.runtimeError.message}`)
      report = made
    } catch (error) {
      if (attempt >= 3) throw error
      console.warn(`  (Lighthouse ${formFactor} ${url} failed, trying again: ${String(error).split('\n').find((line) => line.includes('error')) ?? String(error).slice(0, 200)})`)
    }
  }
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    totalBytes: Math.round(audit('total-byte-weight')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
  }
}

const medians = (runs: Figures[]): Figures => ({
  score: median(runs.map((r) => r.score)),
  lcpMs: median(runs.map((r) => r.lcpMs)),
  tbtMs: median(runs.map((r) => r.tbtMs)),
  totalBytes: median(runs.map((r) => r.totalBytes)),
  fcpMs: median(runs.map((r) => r.fcpMs)),
  cls: median(runs.map((r) => r.cls)),
})

export async function benchLighthouse(projectUrl: string, baselineUrl: string): Promise<Entry[]> {
  console.log(`\nLighthouse: performance, median of ${RUNS} run(s) each`)
  const folder = mkdtempSync(path.join(tmpdir(), 'tec-bench-lh-'))
  const entries: Entry[] = []
  const baselineName = 'bare Vite + React page'
  try {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const baseRuns: Figures[] = []
      const pages = ['/', '/blog', '/courses', '/login']
      const runs = new Map<string, Figures[]>(pages.map((page) => [page, []]))
      // Interleaved (baseline, /, /blog, /courses, /login, baseline, …) so that a busy spell on the machine hits all alike.
      for (let run = 0; run < RUNS; run++) {
        baseRuns.push(await lighthouse(`${baselineUrl}/`, formFactor, folder, run))
        for (const page of pages) runs.get(page)!.push(await lighthouse(`${projectUrl}${page}`, formFactor, folder, run))
      }
      const base = medians(baseRuns)
      for (const page of pages) {
        const ours = medians(runs.get(page)!)
        const details = { runs: runs.get(page), baselineRuns: baseRuns, fcpMs: ours.fcpMs, baselineFcpMs: base.fcpMs }
        const name = (what: string) => `lighthouse ${formFactor} / ${page} / ${what}`
        entries.push(entry({ group: 'lighthouse', name: name('score'), project: ours.score, baseline: base.score, baselineName, unit: '/100', details }))
        entries.push(entry({ group: 'lighthouse', name: name('LCP'), project: ours.lcpMs, baseline: base.lcpMs, baselineName, unit: 'ms' }))
        entries.push(entry({ group: 'lighthouse', name: name('TBT'), project: ours.tbtMs, baseline: base.tbtMs, baselineName, unit: 'ms' }))
        entries.push(entry({ group: 'lighthouse', name: name('CLS'), project: ours.cls, baseline: base.cls, baselineName, unit: '' }))
        entries.push(entry({ group: 'lighthouse', name: name('total bytes'), project: ours.totalBytes, baseline: base.totalBytes, baselineName, unit: 'B' }))
      }
    }
    return entries
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
