import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { AppError, envelope, fromZodError } from './errors';
import type { Logger } from './logger';
import { isUnavailableError } from './unavailable';

/** The one mapping from any thrown value to the JSON error envelope. */
export function errorResponse(err: unknown, c: Context, logger: Logger): Response {
  const e = err instanceof ZodError ? fromZodError(err) : err;
  if (e instanceof AppError) {
    for (const [k, v] of Object.entries(e.headers ?? {})) c.header(k, v);
    return c.json(envelope(e.code, e.message, e.fields), e.status);
  }
  if (e instanceof HTTPException) {
    if (e.status === 413) return c.json(envelope('payload_too_large', 'The request body is too large'), 413);
    const code = e.status === 401 ? 'unauthorized' : e.status === 404 ? 'not_found' : 'bad_request';
    return c.json(envelope(code, e.message || 'Bad request'), e.status);
  }
  const requestId = c.get('requestId' as never) as string | undefined;
  if (isUnavailableError(e)) {
    // The database or the object store is out of reach for now: a clean answer the client may retry.
    logger.warn({ err: e, requestId, path: c.req.path }, 'a service is unreachable');
    c.header('Retry-After', '5');
    return c.json(envelope('unavailable', 'Curio is briefly unavailable. Please try again in a moment.'), 503);
  }
  logger.error({ err: e, requestId, path: c.req.path }, 'unhandled error');
  return c.json(envelope('internal_error', `Something went wrong (request ${requestId ?? 'unknown'})`), 500);
}
