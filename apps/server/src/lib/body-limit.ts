import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { envelope } from './errors';

/**
 * MAX_BODY_BYTES for requests that write (the functions' and auth's): a larger body is answered 413
 * before it is read. A GET or HEAD has no body to limit (and asking for one would build a whole
 * Request object), so it passes untouched.
 */
export function bodyLimitForWrites(maxBytes: number): MiddlewareHandler {
  const limitBody = bodyLimit({
    maxSize: maxBytes,
    // The body is left unread: the connection closes with the answer, so that a keep-alive client
    // does not send its next request on a socket the server is about to drop.
    onError: (c) => c.json(envelope('payload_too_large', 'The request body is too large'), 413, { connection: 'close' }),
  });
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next));
}
