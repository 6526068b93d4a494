/** Debian's Chromium (STACK.md), for the browser tests and the benchmarks. */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/** Kept off the network: only loopback resolves, and nothing phones home. */
export const OFFLINE_CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
]

/**
 * Chromium features the browser tests turn off: the address bar's popup. Chromium 156 builds it as a page of its own
 * (about 400 requests for its modules) beside every tab, headless too, where nobody can open it: about 0.75 s of CPU
 * for each tab a test opens.
 */
const TEST_FEATURES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']

/**
 * The flags the browser tests launch Chromium with: OFFLINE_CHROMIUM_ARGS, and TEST_FEATURES_OFF added to the features
 * Playwright turns off itself. Chromium keeps only the last `--disable-features` it is given, so one that named ours
 * alone would turn Playwright's back on; Playwright's list is read from the command line it builds for a browser it
 * starts here (once a run, in the browser tests' global setup), rather than copied.
 */
export async function browserTestChromiumArgs(): Promise<string[]> {
  const { chromium } = await import('playwright-core')
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: OFFLINE_CHROMIUM_ARGS })
  const launchedWith = server.process().spawnargs
  await server.close()
  const prefix = '--disable-features='
  const playwrights = launchedWith.findLast((arg) => arg.startsWith(prefix))?.slice(prefix.length).split(',') ?? []
  if (playwrights.length === 0) throw new Error('Playwright no longer turns off any Chromium feature: check browserTestChromiumArgs')
  return [...OFFLINE_CHROMIUM_ARGS, `${prefix}${[...playwrights, ...TEST_FEATURES_OFF].join(',')}`]
}
