import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { API_PATHS } from '@curio/contract';
import { entryView, type GuestAnswers } from './guest-answers';
import { validRequestId } from './http-basics';

/**
 * What the HTTP server calls: `/health` is answered before the app (no routing, no middleware; a
 * load balancer asks for it all the time), with the same headers the app would send, and so are
 * guests' kept answers (see createGuestAnswers); everything else goes to the app.
 */
export function entryFetch(app: Hono, deps: { healthy: string; apiHeaders: Record<string, string>; guestAnswers: GuestAnswers }) {
  const { healthy, guestAnswers } = deps;
  const healthHeaders = { ...deps.apiHeaders, 'content-type': 'application/json' };
  return (req: Request, env?: unknown, ...rest: unknown[]): Response | Promise<Response> => {
    const view = entryView(req, env);
    if (view.target === API_PATHS.health && view.method === 'GET') {
      return new Response(healthy, { status: 200, headers: { ...healthHeaders, 'x-request-id': validRequestId(view.header('x-request-id')) ?? randomUUID() } });
    }
    if (view.target.startsWith(API_PATHS.functions)) {
      const kept = guestAnswers.answer(view);
      if (kept) return kept;
    }
    return (app.fetch as (r: Request, ...a: unknown[]) => Response | Promise<Response>)(req, env, ...rest);
  };
}
