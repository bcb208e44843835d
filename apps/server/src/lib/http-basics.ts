import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from './logger';

/**
 * The security headers of every answer, computed once: the policy the app has always sent (the
 * same as hono's secureHeaders with these options), kept as plain strings so a request costs no
 * more than copying them.
 */
export function securityHeaders(opts: { https: boolean }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    ...everyAnswer(opts),
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'content-security-policy': csp,
  };
}

/** What a page and a JSON answer both carry: not read cross-origin, sniffed or framed; the referrer policy; HSTS on https. */
function everyAnswer(opts: { https: boolean }): Record<string, string> {
  return {
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(opts.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/**
 * The headers of a JSON answer (the set OWASP recommends for APIs): a JSON answer is never a
 * document, so its policy is the short one that allows nothing; it is not sniffed, framed or read
 * cross-origin. Half the headers of a page, and every function answer saves writing the rest.
 */
export function apiSecurityHeaders(opts: { https: boolean }): Record<string, string> {
  return { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", ...everyAnswer(opts) };
}

/** A request id a client may pass on (as hono's requestId accepts it). */
const VALID_ID = /^[\w\-=]+$/;
/** The request id the client passed on, when it is one we may echo (as hono's requestId accepts it). */
export function validRequestId(given: string | null | undefined): string | null {
  return given && given.length <= 255 && VALID_ID.test(given) ? given : null;
}

/** Marks a response built by {@link jsonAnswer}: it already carries every header. */
const COMPLETE = 'answerComplete';
/** Compress JSON from this size on (when the client accepts gzip); smaller bodies are sent as they are. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * What every request gets, in one middleware: a request id (X-Request-Id), the security headers,
 * and one log line (info; errors at error). Probe paths (`quiet`) are not logged: a load balancer
 * asks for them every few seconds.
 */
export function requestBasics(opts: { logger: Logger; headers: Record<string, string>; quiet: readonly string[] }): MiddlewareHandler {
  const entries = Object.entries(opts.headers);
  const quiet = new Set(opts.quiet);
  const { logger } = opts;
  return async (c, next) => {
    const id = validRequestId(c.req.header('x-request-id')) ?? randomUUID();
    c.set('requestId' as never, id as never);
    const start = performance.now();
    await next();
    if (!c.get(COMPLETE as never)) {
      const headers = c.res.headers;
      headers.set('x-request-id', id);
      for (const [name, value] of entries) headers.set(name, value);
      headers.delete('x-powered-by');
    }
    const status = c.res.status;
    if (status >= 500) logger.error(line(c, id, status, start), 'request');
    else if (logger.isLevelEnabled('info') && !quiet.has(c.req.path)) logger.info(line(c, id, status, start), 'request');
  };
}

const line = (c: Context, requestId: string, status: number, start: number) => ({
  requestId,
  method: c.req.method,
  path: c.req.path,
  status,
  ms: Math.round((performance.now() - start) * 10) / 10,
});

/**
 * A JSON answer with every header in one plain object: no Headers object is built and nothing is
 * added afterwards (the fast path @hono/node-server writes straight to the socket). A large body
 * for a client that takes gzip goes the usual way, through the compress middleware.
 */
export function jsonAnswer(c: Context, text: string, headers: Record<string, string>, status = 200): Response {
  if (text.length >= COMPRESS_FROM_BYTES && /\bgzip\b|\bdeflate\b|\*/.test(c.req.header('accept-encoding') ?? '')) {
    return c.body(text, status as 200, { 'content-type': 'application/json' });
  }
  c.set(COMPLETE as never, true as never);
  return new Response(text, {
    status,
    headers: { ...headers, 'content-type': 'application/json', 'x-request-id': String(c.get('requestId' as never)) },
  });
}
