import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { envelope } from './errors';

/**
 * MAX_BODY_BYTES for requests that write (the functions' and auth's): a larger body is answered 413
 * before it is read. A GET or HEAD has no body to limit (and asking for one would build a whole
 * Request object), so it passes untouched; so does a body whose declared length is within the limit.
 */
export function bodyLimitForWrites(maxBytes: number): MiddlewareHandler {
  // The body is left unread: the connection closes with the answer, so that a keep-alive client
  // does not send its next request on a socket the server is about to drop.
  const tooLarge = (c: Context) => c.json(envelope('payload_too_large', 'The request body is too large'), 413, { connection: 'close' });
  const limitBody = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // A declared length is the body's length: Node's HTTP parser reads that many bytes and no more, and refuses a
    // request that declares a chunked body too. So it is only compared, and the body is left to be read the fast
    // way; asking for its stream (as counting it does) builds a whole Request object, some 5% of a like's CPU.
    // A chunked body has no length to compare: it is counted as it is read.
    const declared = c.req.header('content-length');
    if (declared !== undefined && /^\d{1,15}$/.test(declared)) return Number(declared) > maxBytes ? Promise.resolve(tooLarge(c)) : next();
    return limitBody(c, next);
  };
}
