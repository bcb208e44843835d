import { Hono, type Context } from 'hono';
import { API, type Access, type FunctionName, type FunctionSpec, type RateLimitPolicy } from '@curio/contract';
import type { Auth } from '../auth/auth';
import { clientAddress } from './client-ip';
import { AppError, badRequest, forbidden, fromZodError, notFound, unauthorized } from './errors';
import { answerText, answerValidity, type FunctionContext, type Handlers, type SessionUser } from './functions';

export interface FunctionRouterDeps {
  auth: Auth;
  handlers: Handlers;
  /** Whether the user holds the role (admins hold every role). */
  hasRole(userId: string, role: 'admin' | 'moderator'): Promise<boolean>;
  /** Counts one call of this caller against a policy (in the database); throws 429 above it. */
  rateLimit?(policy: RateLimitPolicy, caller: { userId: string | null; clientIp: string | null; userAgent: string | null }): Promise<void>;
  trustProxy: boolean;
  /** The caller's user from the request's session (briefly cached); defaults to better-auth's lookup every time. */
  session?(headers: Headers): Promise<SessionUser | null>;
  /** Sends a successful call's JSON text (the app adds its headers in one go); defaults to a plain JSON answer. */
  answer?(c: Context, text: string): Response;
  /**
   * Keeps an answer that says how long it holds, to be answered before routing next time (GET only): a
   * guest's (no cookie, no token), or a viewer's whose session came from the cookie (`viewerId`).
   */
  rememberAnswer?(url: string, name: string, text: string, validWhile: () => boolean, viewerId: string | null): void;
  /** Told of every finished call of a known function (statistics); must not block. */
  onCall?(call: { name: string; status: number; durationMs: number; code: string | null; requestId: string | null }): void;
}

/**
 * Serves /functions/v1/{name} from the contract's map: parses and validates the input, resolves the
 * session, checks the caller's access level and rate limit, runs the handler.
 */
export function createFunctionRouter(deps: FunctionRouterDeps) {
  const specs = API as Record<string, FunctionSpec & { read?: boolean }>;
  for (const name of Object.keys(specs)) {
    if (typeof (deps.handlers as Record<string, unknown>)[name] !== 'function') throw new Error(`function ${name} has no handler`);
  }
  const router = new Hono();
  const sessionUser =
    deps.session ??
    (async (headers: Headers): Promise<SessionUser | null> => {
      // A request with neither a cookie nor a bearer token has no session: skip the lookup.
      if (!headers.has('cookie') && !headers.has('authorization')) return null;
      const session = await deps.auth.api.getSession({ headers });
      return session ? { id: session.user.id, email: session.user.email, name: session.user.name } : null;
    });

  if (deps.onCall) {
    const onCall = deps.onCall;
    router.use('/:name', async (c, next) => {
      const start = performance.now();
      await next();
      const name = c.req.param('name');
      if (!Object.hasOwn(specs, name)) return;
      const status = c.res.status;
      const err = c.error;
      const code = status < 400 ? null : err instanceof AppError ? err.code : status >= 500 ? (status === 503 ? 'unavailable' : 'internal_error') : null;
      const requestId = (c.get('requestId' as never) as string | undefined) ?? null;
      onCall({ name, status, durationMs: performance.now() - start, code, requestId });
    });
  }

  router.on(['GET', 'POST'], '/:name', async (c) => {
    const name = c.req.param('name');
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) throw notFound(`Unknown function: ${name}`);
    if (c.req.method === 'GET' && !spec.read) {
      throw new AppError(405, 'bad_request', `${name} answers POST only`);
    }

    let raw: unknown = {};
    if (c.req.method === 'GET') raw = c.req.query();
    else {
      const text = await c.req.text();
      if (text.trim()) {
        try {
          raw = JSON.parse(text);
        } catch {
          throw badRequest('The request body is not valid JSON');
        }
      }
    }

    const headers = c.req.raw.headers;
    const user = await sessionUser(headers);
    await checkAccess(spec.access, user, deps);

    const parsed = spec.input.safeParse(raw ?? {});
    if (!parsed.success) throw fromZodError(parsed.error);

    const clientIp = clientAddress(c, deps.trustProxy);
    if (spec.rateLimit && deps.rateLimit) {
      await deps.rateLimit(spec.rateLimit, { userId: user?.id ?? null, clientIp, userAgent: headers.get('user-agent') });
    }

    const ctx: FunctionContext = { user, requestId: String(c.get('requestId' as never)), headers, clientIp };
    const handler = deps.handlers[name as FunctionName] as (input: unknown, ctx: FunctionContext) => Promise<unknown>;
    const result = await handler(parsed.data, ctx);
    if (spec.file) return fileResponse(result as { fileName: string; contentType: string; body: string });
    const text = answerText(result ?? {});
    // A bearer token's caller is never kept; a guest only without any cookie; a viewer by the session of their cookie.
    const keptFor = c.req.method === 'GET' && !headers.has('authorization') && (user ? headers.has('cookie') : !headers.has('cookie'));
    const validWhile = keptFor ? answerValidity(result) : undefined;
    if (validWhile) deps.rememberAnswer?.(c.req.url, name, text, validWhile, user?.id ?? null);
    return deps.answer ? deps.answer(c, text) : c.body(text, 200, { 'content-type': 'application/json' });
  });
  return router;
}

/** A file answer (`file: true`): its body as an attachment, never kept by any cache (a caller's own data). */
function fileResponse(file: { fileName: string; contentType: string; body: string }) {
  const ascii = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return new Response(file.body, {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'cache-control': 'private, no-store',
    },
  });
}

async function checkAccess(access: Access, user: SessionUser | null, deps: Pick<FunctionRouterDeps, 'hasRole'>) {
  if (access === 'public') return;
  if (!user) throw unauthorized();
  if (access === 'user') return;
  if (await deps.hasRole(user.id, 'admin')) return;
  if (access === 'moderator' && (await deps.hasRole(user.id, 'moderator'))) return;
  throw forbidden(access === 'admin' ? 'This requires the admin role' : 'This requires the moderator role');
}
