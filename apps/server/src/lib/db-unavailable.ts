/**
 * Whether an error means "the database cannot be reached now" rather than "this statement is
 * wrong": the server down or restarting, a connection cut, the pool unable to connect, or the
 * embedded database closed. Such a failure passes; the same work succeeds once it is back.
 */

/** Socket errors of node-postgres when the server cannot be reached or the connection drops. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away: class 08 (connection exception), 57P01 admin shutdown,
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting down), 53300 too many
 * connections.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages of node-postgres and PGlite that carry no code. */
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection is not queryable/i,
  /cannot use a pool after calling end/i,
  /client was closed and is not queryable/i,
  /pglite is closed/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 5;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (MESSAGES.some((m) => m.test(message))) return true;
    // AggregateError (a refused connection to each of several addresses) and drizzle's wrapper.
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((x) => isDatabaseUnavailable(x))) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Runs `work` again, with growing pauses, while it fails because the database is unavailable,
 * for at most `boundMs`; any other failure, or the last one past the bound, is thrown.
 */
export async function whileUnavailable<T>(
  work: () => Promise<T>,
  boundMs: number,
  pause: { firstMs: number; maxMs: number } = { firstMs: 100, maxMs: 2_000 },
): Promise<T> {
  const until = Date.now() + boundMs;
  for (let wait = pause.firstMs; ; wait = Math.min(pause.maxMs, wait * 2)) {
    try {
      return await work();
    } catch (err) {
      const left = until - Date.now();
      if (!isDatabaseUnavailable(err) || left <= 0) throw err;
      await new Promise((r) => setTimeout(r, Math.min(wait, left)));
    }
  }
}
