// Loaded into a test server (NODE_OPTIONS=--import …) to move its clock: what the test writes to the file named by
// TEC_TEST_CLOCK_FILE, in milliseconds, is added to every Date the server makes without a value, and to Date.now().
// The passing of a day cannot happen during a test; everything else the server does runs as in production.
import { readFileSync } from 'node:fs'

const file = process.env.TEC_TEST_CLOCK_FILE
if (file) {
  const RealDate = globalThis.Date
  let offset = 0
  let readAt = -Infinity
  const current = () => {
    const real = RealDate.now()
    if (real - readAt > 100) {
      readAt = real
      try {
        offset = Number(readFileSync(file, 'utf8').trim()) || 0
      } catch {
        offset = 0
      }
    }
    return real + offset
  }
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(current())
      else super(...args)
    }
    static now() {
      return current()
    }
  }
  globalThis.Date = ShiftedDate
}
