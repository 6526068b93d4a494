import { setFlagsFromString } from 'node:v8'

/**
 * V8 compiles WebAssembly quickly at first and recompiles a function with its optimising compiler once it has run
 * enough ("dynamic tiering"). Opening the embedded database runs enough of PGlite's 9 MB module to start that
 * recompiling at once, and on a 2-core machine it kept the server from answering its first request for a quarter of
 * a second after it listened (2.0 s of CPU in a 1.5 s start). Ten times V8's budget (1,800,000) puts it off until a
 * function is really hot: the stall goes and queries still reach optimised code under load (docs/performance.md).
 * Imported first by server/index.ts, before PGlite compiles its module; tests that build the app in process keep
 * V8's default.
 */
export const WASM_TIERING_BUDGET = 18_000_000

setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`)
