import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isWebRoute } from '@curio/contract';
import type { Env } from './env';
import type { Logger } from './lib/logger';
import { createPageRenderer, type PageRenderer } from './modules/pages/page-renderer';
import { appPagesRouter } from './modules/pages/pages.routes';
import type { Services } from './services';

/** Paths the server owns; anything else that is a GET is a client route and answers index.html. */
const SERVER_PREFIXES = ['/auth/', '/functions/', '/realtime/', '/storage/', '/img/', '/s/', '/dev/'];

/**
 * The built single-page app (STATIC_DIR), mounted last before the not-found answer, in this order:
 * its hashed assets (cached for a year), the pages rendered on the server (modules/pages), its other
 * files, and index.html for any other GET outside the server's own paths (404 for an address that is
 * none of the app's pages). Answers the page renderer (the caller closes it), or null when the app
 * is not built (said once in the log).
 */
export function mountWebApp(app: Hono, deps: { env: Env; logger: Logger; services: Services }): PageRenderer | null {
  const { env, logger, services } = deps;
  const indexFile = path.join(env.STATIC_DIR, 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn({ staticDir: env.STATIC_DIR }, 'web app not built: run `npm run build` to serve it');
    return null;
  }
  const root = env.STATIC_DIR;
  app.use(
    '/assets/*',
    cached(serveStatic({ root }), () => 'public, max-age=31536000, immutable'),
  );
  // The pages people arrive on name their scripts, first data and largest image in their HTML; a
  // guest's profile arrives rendered with its data.
  const pageRenderer = createPageRenderer({ dir: env.SSR_DIR, logger });
  app.route('/', appPagesRouter(services, root, pageRenderer, env.PUBLIC_URL));
  app.use(
    '*',
    cached(serveStatic({ root }), (c) => (c.req.path === '/' || c.req.path.endsWith('.html') ? 'no-cache' : 'public, max-age=3600')),
  );
  const spaIndex = cached(serveStatic({ root, path: 'index.html' }), () => 'no-cache');
  app.get('*', async (c, next) => {
    if (SERVER_PREFIXES.some((p) => c.req.path.startsWith(p)) || c.req.path.startsWith('/assets/')) return next();
    const res = await spaIndex(c, next);
    // An address that is none of the app's pages: the same index.html (the app shows its not-found page), answered 404.
    if (res instanceof Response && res.status === 200 && !isWebRoute(c.req.path)) return new Response(res.body, { status: 404, headers: res.headers });
    return res;
  });
  return pageRenderer;
}

/** Sets Cache-Control on what a static middleware served (its onFound runs too late for headers). */
function cached(serve: MiddlewareHandler, value: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    let passedOn = false;
    const res = await serve(c, async () => {
      passedOn = true;
      await next();
    });
    if (!passedOn && res instanceof Response) res.headers.set('Cache-Control', value(c));
    return res;
  };
}
