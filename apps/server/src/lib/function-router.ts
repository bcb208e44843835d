import { Hono } from 'hono';
import type { Auth } from '../auth/auth';
import { AppError, badRequest, fromZodError, notFound, unauthorized } from './errors';
import type { FunctionContext, FunctionDef, SessionUser } from './functions';

/** Serves /functions/v1/{name}: parses and validates the input, resolves the session, runs the handler. */
export function createFunctionRouter(auth: Auth, defs: FunctionDef[]) {
  const byName = new Map<string, FunctionDef>();
  for (const def of defs) {
    if (byName.has(def.name)) throw new Error(`function ${def.name} is declared twice`);
    byName.set(def.name, def);
  }
  const router = new Hono();

  router.on(['GET', 'POST'], '/:name', async (c) => {
    const name = c.req.param('name');
    const def = byName.get(name);
    if (!def) throw notFound(`Unknown function: ${name}`);
    if (c.req.method === 'GET' && !def.read) {
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

    // A request with neither a cookie nor a bearer token has no session: skip the lookup.
    const headers = c.req.raw.headers;
    const mayHaveSession = headers.has('cookie') || headers.has('authorization');
    const session = mayHaveSession ? await auth.api.getSession({ headers }) : null;
    const user: SessionUser | null = session ? { id: session.user.id, email: session.user.email, name: session.user.name } : null;
    if (def.auth === 'required' && !user) throw unauthorized();

    const parsed = def.input.safeParse(raw ?? {});
    if (!parsed.success) throw fromZodError(parsed.error);

    const ctx: FunctionContext = { user, requestId: String(c.get('requestId' as never)), headers: c.req.raw.headers };
    const result = await (def.handler as (i: unknown, ctx: FunctionContext) => Promise<unknown>)(parsed.data, ctx);
    return c.json(result ?? {});
  });
  return router;
}
