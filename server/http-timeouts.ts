/**
 * Slow clients cannot hold connections open: the headers must arrive within 10 s and the whole request within
 * 30 s (a 64 KiB body then needs 2 kB/s), else the answer is 408 and the connection closes; an idle keep-alive
 * connection closes after 5 s. Node checks these every second rather than its default 30.
 */
export const HTTP_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
} as const
