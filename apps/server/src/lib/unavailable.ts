/**
 * Whether an error means a service Curio depends on (PostgreSQL, the object store, the mail server)
 * cannot be reached right now — a refused or dropped connection, a time-out, a server shutting
 * down — rather than a bug. Such errors answer 503 `unavailable` with Retry-After, never a 500.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (shutting down, cannot connect now), 53300 (too many connections).
const PG_STATES = /^(08...|57P0[123]|53300)$/;
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|socket hang up|connect ECONNREFUSED|TimeoutError/i;

export function isUnavailableError(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, name, message, errors } = e as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_STATES.test(code))) return true;
    if (name === 'TimeoutError') return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    // AggregateError (a connect that tried IPv4 and IPv6) holds the real causes.
    if (Array.isArray(errors) && errors.some((inner) => isUnavailableError(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `fn` again while it fails because a service is out of reach (see isUnavailableError), waiting
 * longer each time up to `maxDelayMs`; any other error ends it. The waits do not keep the process
 * alive. For start-up work that must not fail for good over a database that blinked.
 */
export async function retryWhileUnavailable<T>(
  fn: () => Promise<T>,
  options: { firstDelayMs?: number; maxDelayMs?: number; onRetry?: (err: unknown, delayMs: number) => void } = {},
): Promise<T> {
  const { firstDelayMs = 250, maxDelayMs = 5000, onRetry } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isUnavailableError(err)) throw err;
      const delayMs = Math.min(maxDelayMs, firstDelayMs * 2 ** attempt);
      onRetry?.(err, delayMs);
      await new Promise<void>((resolve) => setTimeout(resolve, delayMs).unref());
    }
  }
}
