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
