/**
 * Slow clients cannot hold connections open: the headers must arrive within 10 s and the whole request within
 * 30 s (a 64 KiB body then needs 2 kB/s), else the answer is 408 and the connection closes. An idle keep-alive
 * connection closes after 65 s, longer than the 60 s a load balancer commonly keeps an idle connection to us: the
 * balancer must be the one to close, or it may send a request on a connection we are closing and answer 502.
 * Node checks these every second rather than its default 30. Each is a setting (config.ts).
 */
export const DEFAULT_HTTP_TIMEOUTS = {
  keepAliveTimeout: 65_000,
  headersTimeout: 10_000,
  requestTimeout: 30_000,
} as const

/** The options an HTTP server is made with, from the settings' timeouts. */
export function httpServerOptions(timeouts: { keepAliveTimeout: number; headersTimeout: number; requestTimeout: number }) {
  return { ...timeouts, connectionsCheckingInterval: 1_000 }
}
