import type { MiddlewareHandler } from 'hono';
import type { Env } from '../env';
import { AppError, forbidden } from './errors';
import type { Logger } from './logger';

/** Where the server's own API lives; writes there must come from a page of ours. */
export const GUARDED_PREFIXES = ['/functions/', '/storage/', '/realtime/'];

/** Request bodies the API reads. Anything else (text/plain, urlencoded forms) is what a foreign page can send. */
const ACCEPTED_BODY_TYPES = ['application/json', 'multipart/form-data'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may write with the session cookie: PUBLIC_URL's; when PUBLIC_URL is a
 * loopback address (a local install, also under `npm start` in production mode) the other loopback
 * names of its port too, since a person may open http://127.0.0.1:3000 as well as localhost; and outside
 * production the loopback names of the port the server listens on and of the Vite dev server.
 */
export function trustedOrigins(env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV' | 'PORT'>): string[] {
  const publicUrl = new URL(env.PUBLIC_URL);
  const origins = new Set([publicUrl.origin]);
  const loopback = (protocol: string, port: string | number) => {
    for (const host of LOOPBACK_HOSTS) origins.add(`${protocol}//${host}${port ? `:${port}` : ''}`);
  };
  if (LOOPBACK_HOSTS.includes(publicUrl.hostname)) loopback(publicUrl.protocol, publicUrl.port);
  if (env.NODE_ENV !== 'production') {
    for (const port of [env.PORT, 5173]) loopback('http:', port);
  }
  return [...origins];
}

/**
 * Refuses cross-site writes. A browser attaches the session cookie to a form or `fetch` POST from any
 * site (SameSite=Lax still lets top-level form posts through in some browsers, and `text/plain` needs
 * no preflight), so a cookie-carrying write must name a trusted Origin. Every write must also carry
 * JSON or multipart: what the API reads, and no type a plain HTML form sends by default.
 * Requests with only a bearer token (no cookie) cannot be forged by another site and skip the origin
 * check.
 */
export function originGuard(opts: { trusted: readonly string[]; logger: Logger }): MiddlewareHandler {
  const trusted = new Set(opts.trusted);
  return async (c, next) => {
    const { method, path } = c.req;
    if (SAFE_METHODS.has(method) || !GUARDED_PREFIXES.some((p) => path.startsWith(p))) return next();

    if (c.req.header('cookie')) {
      const origin = c.req.header('origin');
      if (!origin || !trusted.has(origin)) {
        opts.logger.warn({ origin: origin ?? null, method, path, requestId: c.get('requestId' as never) }, 'refused a write from an untrusted origin');
        throw forbidden(origin ? `The origin ${origin} is not trusted` : 'The request names no origin, so it is not trusted');
      }
    }

    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type ? !ACCEPTED_BODY_TYPES.includes(type) : hasBody(c.req.raw)) {
      throw new AppError(415, 'bad_request', 'Send the request body as application/json or multipart/form-data');
    }
    return next();
  };
}

/** Whether a request without a content type still carries a body (HTTP/1.1 framing says so). */
function hasBody(req: Request): boolean {
  const length = req.headers.get('content-length');
  return (length !== null && length.trim() !== '0') || req.headers.has('transfer-encoding');
}
