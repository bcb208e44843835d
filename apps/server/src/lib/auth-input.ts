import { isSafeText, UNSAFE_TEXT_MESSAGE, unsafeJsonReason } from '@curio/contract';
import type { MiddlewareHandler } from 'hono';
import { envelope } from './errors';

/** The first field of a set of key/value pairs whose key or value breaks the contract's text rule. */
function unsafePair(pairs: Iterable<[string, string]>): { field: string; message: string } | null {
  for (const [key, value] of pairs) {
    if (!isSafeText(key) || !isSafeText(value)) return { field: isSafeText(key) ? key : '_', message: UNSAFE_TEXT_MESSAGE };
  }
  return null;
}

/** The first field of a JSON body that breaks the contract's rules for free-form JSON (text, nesting). */
function unsafeJsonField(body: unknown): { field: string; message: string } | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    const reason = unsafeJsonReason(body);
    return reason ? { field: '_', message: reason } : null;
  }
  for (const [key, value] of Object.entries(body)) {
    if (!isSafeText(key)) return { field: '_', message: UNSAFE_TEXT_MESSAGE };
    const reason = unsafeJsonReason(value);
    if (reason) return { field: key, message: reason };
  }
  return null;
}

async function unsafeBodyField(req: Request): Promise<{ field: string; message: string } | null> {
  if (req.method === 'GET' || req.method === 'HEAD' || !req.body) return null;
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const isJson = type.includes('application/json');
  const isForm = type.includes('application/x-www-form-urlencoded');
  if (!isJson && !isForm) return null;
  // A copy: the body itself goes on to better-auth (already limited in size by the body limit).
  const text = await req.clone().text();
  if (isForm) return unsafePair(new URLSearchParams(text));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null; // better-auth answers a body that is not JSON itself
  }
  return unsafeJsonField(body);
}

/**
 * What every /auth/v1 request goes through before better-auth: its query and its body (JSON or a
 * form) follow the same text rule as every function's input (no U+0000, no unpaired surrogate: the
 * database cannot store them), refused with the project's 400 envelope. A 429 of better-auth's own
 * limiter also gets the standard Retry-After header (it sends only X-Retry-After).
 */
export function authInputGuard(): MiddlewareHandler {
  return async (c, next) => {
    const refused = unsafePair(new URL(c.req.url).searchParams) ?? (await unsafeBodyField(c.req.raw));
    if (refused) {
      const code = refused.message === UNSAFE_TEXT_MESSAGE ? 'unsafe_text' : 'invalid_value';
      return c.json(envelope('validation_failed', `Some fields are not valid: ${refused.field} (${refused.message})`, { [refused.field]: code }), 400);
    }
    await next();
    const res = c.res;
    const retryAfter = res.headers.get('x-retry-after');
    if (res.status !== 429 || !retryAfter || res.headers.has('retry-after')) return;
    try {
      res.headers.set('Retry-After', retryAfter);
    } catch {
      // Immutable headers (a fetched response): a copy carries the header.
      const headers = new Headers(res.headers);
      headers.set('Retry-After', retryAfter);
      c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
    }
  };
}
