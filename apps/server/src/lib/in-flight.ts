import type { MiddlewareHandler } from 'hono';

/**
 * The requests whose handlers are running, so that shutdown can wait for them (not only for their
 * sockets). Mount `track` before any other middleware; `drained(timeoutMs)` resolves once no request
 * handler is running (or after the timeout).
 */
export function inFlightRequests() {
  let inFlight = 0;
  const drainWaiters: (() => void)[] = [];
  const track: MiddlewareHandler = async (_c, next) => {
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
      if (inFlight === 0) drainWaiters.splice(0).forEach((resolve) => resolve());
    }
  };
  /** Resolves once no request handler is running (or after the timeout). */
  const drained = (timeoutMs: number) =>
    inFlight === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          drainWaiters.push(resolve);
          setTimeout(resolve, timeoutMs).unref();
        });
  return { track, drained };
}
