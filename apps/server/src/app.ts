import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { serveStatic } from '@hono/node-server/serve-static';
import { API_PATHS, isWebRoute } from '@curio/contract';
import { CLIENT_IP_HEADER, createAuth, type PasswordHashing } from './auth/auth';
import { createSessionCache } from './auth/session-cache';
import { accountSessionsFunctions } from './modules/account-sessions/account-sessions.routes';
import { createJwtVerifier, withJwtBearer } from './auth/jwt-bearer';
import { functionsResource, jwtIssuer } from './auth/plugins/oauth';
import { oauthDiscoveryRouter } from './modules/oauth-clients/oauth-discovery.routes';
import { oauthClientsFunctions } from './modules/oauth-clients/oauth-clients.routes';
import { createOAuthClientsService } from './modules/oauth-clients/oauth-clients.service';
import type { Database } from './db/client';
import type { Env } from './env';
import { clientAddress } from './lib/client-ip';
import { authInputGuard } from './lib/auth-input';
import { apiSecurityHeaders, COMPRESS_FROM_BYTES, jsonAnswer, requestBasics, securityHeaders, validRequestId } from './lib/http-basics';
import { envelope } from './lib/errors';
import { errorResponse } from './lib/error-handler';
import { createFunctionRouter } from './lib/function-router';
import { createGuestAnswers, entryView } from './lib/guest-answers';
import { originGuard, trustedOrigins } from './lib/origin-guard';
import type { Handlers } from './lib/functions';
import { createViewerKeys } from './lib/viewer-key';
import type { Logger } from './lib/logger';
import type { Mailer } from './mail/mailer';
import { outboxRouter, type AddressResolver } from './mail/outbox-route';
import { mfaFunctions } from './modules/mfa/mfa.routes';
import { createSms, smsAvailable } from './sms/sms';
import { SMS_OUTBOX_PATH, smsOutboxRouter } from './sms/sms-outbox';
import { analyticsFunctions } from './modules/analytics/analytics.routes';
import { invitesFunctions } from './modules/invites/invites.routes';
import { profilesFunctions } from './modules/profiles/profiles.routes';
import { rolesFunctions } from './modules/roles/roles.routes';
import { shelvesFunctions } from './modules/shelves/shelves.routes';
import { siteSettingsFunctions } from './modules/site-settings/site-settings.routes';
import { creditsFunctions } from './modules/credits/credits.routes';
import { imageDeliveryRouter, imagesFunctions, uploadRouter } from './modules/images/images.routes';
import { itemsFunctions } from './modules/items/items.routes';
import { notificationsFunctions } from './modules/notifications/notifications.routes';
import { commentsFunctions } from './modules/comments/comments.routes';
import { exploreFunctions } from './modules/explore/explore.routes';
import { itemPagesFunctions } from './modules/items/item-pages.routes';
import { settingsFunctions } from './modules/settings/settings.routes';
import { shareRouter } from './modules/share/share.routes';
import { seoRouter } from './modules/seo/seo.routes';
import { createSeoService } from './modules/seo/seo.service';
import { realtimeRouter } from './modules/events/realtime.routes';
import { socialFunctions } from './modules/social/social.routes';
import { followsFunctions } from './modules/follows/follows.routes';
import { blocksFunctions } from './modules/blocks/blocks.routes';
import { messagesFunctions } from './modules/messages/messages.routes';
import { insightsFunctions } from './modules/insights/insights.routes';
import { moderationFunctions } from './modules/moderation/moderation.routes';
import { adminAccountsFunctions, adminUsersFunctions } from './modules/admin-users/admin-users.routes';
import { createAdminAccountsService } from './modules/admin-users/admin-accounts.service';
import { functionStatsFunctions } from './modules/function-stats/function-stats.routes';
import { QUEUES } from './modules/jobs/jobs';
import { jobsFunctions } from './modules/jobs/jobs.routes';
import { metricsRouter } from './modules/function-stats/function-stats.metrics';
import { dmcaFunctions } from './modules/dmca/dmca.routes';
import { feedbackFunctions } from './modules/feedback/feedback.routes';
import { accountDataFunctions, exportDownloadRouter } from './modules/account-data/account-data.routes';
import { createPageRenderer, type PageRenderer } from './modules/pages/page-renderer';
import { appPagesRouter } from './modules/pages/pages.routes';
import { createServices, type ServiceOverrides } from './services';
import { createStorageFromEnv } from './storage/from-env';
import type { Storage } from './storage/storage';

/** Paths the server owns; anything else that is a GET is a client route and answers index.html. */
const SERVER_PREFIXES = ['/auth/', '/functions/', '/realtime/', '/storage/', '/img/', '/s/', '/dev/'];

export interface AppDeps {
  env: Env;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  /** Set once migrations have been applied; /ready answers 503 until then. */
  isMigrated?: () => boolean;
  /** Defaults to the storage the environment configures. */
  storage?: Storage;
  overrides?: ServiceOverrides;
  /** The peer address of a request (the socket's); tests inject one. */
  remoteAddress?: AddressResolver;
  /** Password hashing other than better-auth's own: only the in-process tests give one (a cheaper scrypt). */
  passwordHashing?: PasswordHashing;
}

export function createApp(deps: AppDeps) {
  const { env, database, logger, mailer } = deps;
  const storage = deps.storage ?? createStorageFromEnv(env);
  const services = createServices(database.db, env, {
    storage,
    logger,
    listen: (...a) => database.listen(...a),
    listenerCount: (c) => database.listenerCount(c),
    announce: database.announce && ((c, p) => database.announce!(c, p)),
    mailer,
    ...deps.overrides,
  });
  services.events.start().catch((err) => logger.error({ err }, 'could not listen for events'));
  // Text messages (phone codes): to SMS_URL as jobs, or into the SMS outbox; none in production without SMS_URL.
  const sms = smsAvailable(env) ? createSms({ db: database.db, smsUrl: env.SMS_URL, logger }) : undefined;
  if (env.SMS_URL) sms?.attach(services.jobs, QUEUES.sms.name);
  const auth = createAuth({
    db: database.db,
    env,
    logger,
    mailer,
    sms,
    passwordHashing: deps.passwordHashing,
    hooks: {
      async onUserCreated(user) {
        await services.credits.grantSignup(user.id);
        await services.roles.syncAdminEmail(user);
      },
      async onSessionCreated(session) {
        await syncAdminForUser(session.userId, (session as { id?: string }).id);
        await services.accountSessions.sessionCreated(session); // a new device is told by mail
        // Signing in during a deletion's grace period cancels it (an admin's impersonation does not).
        if (!(session as { impersonatedBy?: string | null }).impersonatedBy) await services.accountData.onSessionCreated(session.userId);
      },
      async onUserUpdated(user) {
        await services.roles.syncAdminEmail(user);
        // Cached sessions carry the user's name and address.
        await services.domainEvents.publish('session.revoked', { userId: user.id });
      },
      onSessionDeleted: (session) => services.domainEvents.publish('session.revoked', { userId: session.userId }),
    },
  });
  const adminAccounts = createAdminAccountsService(database.db, {
    auth: async () => (await auth.$context).internalAdapter,
    // The same deletion as a person's own (content, images, comments kept as "deleted user"), at once.
    deleteAccountNow: async (userId) => void (await services.accountData.deleteAccountNow(userId)),
    domainEvents: services.domainEvents,
    mailer,
    logger,
    publicUrl: env.PUBLIC_URL,
    appName: env.APP_NAME,
  });
  services.accountData.attachAuth({
    async hasPassword(userId) {
      const ctx = await auth.$context;
      return Boolean((await ctx.internalAdapter.findCredentialAccount(userId))?.password);
    },
    async verifyPassword(userId, password) {
      const ctx = await auth.$context;
      const hash = (await ctx.internalAdapter.findCredentialAccount(userId))?.password;
      return hash ? ctx.password.verify({ hash, password }) : false;
    },
    async currentSession(headers) {
      const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } }).catch(() => null);
      if (!found) return null;
      const { userId, createdAt, signInMethod } = found.session as { userId: string; createdAt: Date; signInMethod?: string | null };
      return { userId, createdAt: new Date(createdAt), signInMethod: signInMethod ?? null };
    },
  });
  // Function calls find their session in memory for a few seconds; revocations end it everywhere at once.
  // A bearer JWT (GET /auth/v1/token, or an OAuth access token for the functions) is verified against the
  // JWKS and holds only while the session it names lives (looked up again after every revocation).
  const jwtVerifier = createJwtVerifier({
    issuer: jwtIssuer(env),
    audiences: [jwtIssuer(env), functionsResource(env)],
    loadKeys: () => auth.api.getJwks(),
    findUser: async (id) => (await auth.$context).internalAdapter.findUserById(id),
    findSession: async (id) =>
      (await auth.$context).adapter.findOne<{ userId: string; expiresAt: Date }>({ model: 'session', where: [{ field: 'id', value: id }] }),
  });
  const sessionCache = createSessionCache({
    lookup: withJwtBearer(jwtVerifier, (headers) => auth.api.getSession({ headers })),
    domainEvents: services.domainEvents,
  });
  /** ADMIN_EMAILS' grant at a sign-in: the new session is kept, the account's older ones end (roles.service.ts). */
  async function syncAdminForUser(userId: string, newSessionId?: string) {
    if (!env.ADMIN_EMAILS.length) return;
    const ctx = await auth.$context;
    const user = await ctx.internalAdapter.findUserById(userId);
    if (user) await services.roles.syncAdminEmail(user, newSessionId);
  }

  const app = new Hono();

  // In-flight requests, so that shutdown can wait for their handlers (not only their sockets).
  let inFlight = 0;
  const drainWaiters: (() => void)[] = [];
  app.use(async (_c, next) => {
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
      if (inFlight === 0) drainWaiters.splice(0).forEach((resolve) => resolve());
    }
  });
  /** Resolves once no request handler is running (or after the timeout). */
  const drained = (timeoutMs: number) =>
    inFlight === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          drainWaiters.push(resolve);
          setTimeout(resolve, timeoutMs).unref();
        });

  // One middleware for what every request gets (request id, security headers, a log line); then
  // /health, before anything else: a load balancer asks for it all the time.
  const baseHeaders = securityHeaders({ https: env.PUBLIC_URL.startsWith('https://') });
  // JSON answers built in one go carry the API's shorter set (lib/http-basics.ts).
  const apiHeaders = apiSecurityHeaders({ https: env.PUBLIC_URL.startsWith('https://') });
  app.use(requestBasics({ logger, headers: baseHeaders, quiet: [API_PATHS.health, API_PATHS.ready] }));
  const healthy = JSON.stringify({ status: 'ok' });
  app.get(API_PATHS.health, (c) => jsonAnswer(c, healthy, apiHeaders));
  // Compression only for clients that take it (and bodies worth it: 1 KB and up).
  const gzip = compress({ threshold: COMPRESS_FROM_BYTES });
  app.use((c, next) => (c.req.header('accept-encoding') ? gzip(c, next) : next()));
  app.use(originGuard({ trusted: trustedOrigins(env), logger }));
  const limitBody = bodyLimit({
    maxSize: env.MAX_BODY_BYTES,
    // The body is left unread: the connection closes with the answer, so that a keep-alive client
    // does not send its next request on a socket the server is about to drop.
    onError: (c) => c.json(envelope('payload_too_large', 'The request body is too large'), 413, { connection: 'close' }),
  });
  // A GET has no body to limit (and asking for one would build a whole Request object).
  const limitWrites: MiddlewareHandler = (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next));
  app.use(`${API_PATHS.functions}/*`, limitWrites);
  app.use(`${API_PATHS.auth}/*`, limitWrites);
  // Auth routes follow the functions' text rule too (a 400, never a 500), and their 429s say Retry-After.
  app.use(`${API_PATHS.auth}/*`, authInputGuard());

  // What a load balancer needs: this process takes requests (not draining), its database answers
  // (within 4 s: under load the ping waits for a pooled connection like any request) and its
  // migrations are applied.
  let draining = false;
  app.get(API_PATHS.ready, async (c) => {
    if (draining) return c.json({ status: 'draining', database: null, migrations: null }, 503);
    const migrated = deps.isMigrated ? deps.isMigrated() : true;
    const db = await Promise.race([database.ping(), new Promise<false>((r) => setTimeout(r, 4000, false).unref())]);
    const ready = migrated && db;
    const status = ready ? 'ready' : migrated ? 'database_unreachable' : 'starting';
    return c.json({ status, database: db, migrations: migrated }, ready ? 200 : 503);
  });
  /** Shutdown has begun: /ready answers 503 at once so that the load balancer stops sending requests. */
  const startDraining = () => {
    draining = true;
  };

  app.on(['GET', 'POST'], `${API_PATHS.auth}/*`, (c) => auth.handler(withClientIp(c, env.TRUST_PROXY)));
  // OAuth / OpenID discovery where clients look for it: the issuer (PUBLIC_URL) + /.well-known/….
  app.route('/.well-known', oauthDiscoveryRouter(auth));

  const limitKeys = createViewerKeys(env.AUTH_SECRET);
  // Answers that hold for a while (explore's first pages, item pages; a guest's or a signed-in viewer's), answered before routing.
  const guestAnswers = createGuestAnswers({
    headers: apiHeaders,
    logger,
    onCall: (call) => services.functionStats.record(call),
    viewer: (cookie) => sessionCache.peek(cookie, undefined),
  });
  const handlers = {
    ...siteSettingsFunctions(services.settings),
    ...rolesFunctions(services.roles),
    ...invitesFunctions(services.invites),
    ...feedbackFunctions(services.feedback),
    ...profilesFunctions(services.profiles),
    ...shelvesFunctions(services.shelves),
    ...analyticsFunctions(services.analytics),
    ...creditsFunctions(services.credits),
    ...imagesFunctions(services.images),
    ...itemsFunctions(services.items),
    ...notificationsFunctions(services.notifications),
    ...itemPagesFunctions(services.itemPages),
    ...socialFunctions(services.social),
    ...commentsFunctions(services.comments),
    ...exploreFunctions(services.explore),
    ...settingsFunctions(services.userSettings),
    ...mfaFunctions(services.mfa),
    ...followsFunctions(services.follows),
    ...blocksFunctions(services.blocks),
    ...messagesFunctions(services.messages),
    ...insightsFunctions(services.insights),
    ...moderationFunctions(services.moderation),
    ...adminUsersFunctions(services.adminUsers),
    ...adminAccountsFunctions(adminAccounts),
    ...functionStatsFunctions(services.functionStats),
    ...jobsFunctions(services.jobs),
    ...dmcaFunctions(services.dmca),
    ...accountDataFunctions(services.accountData),
    ...accountSessionsFunctions(services.accountSessions),
    ...oauthClientsFunctions(createOAuthClientsService(auth)),
  } satisfies Handlers;
  app.route(
    API_PATHS.functions,
    createFunctionRouter({
      auth,
      handlers,
      hasRole: (userId, role) => services.roles.hasRole(userId, role),
      rateLimit: async (policy, caller) => {
        const subject = limitKeys.limitSubject({ userId: caller.userId, address: caller.clientIp, userAgent: caller.userAgent });
        await services.rateLimits.hit(policy.bucket, subject, policy);
      },
      trustProxy: env.TRUST_PROXY,
      session: (headers) => sessionCache.user(headers),
      answer: (c, text) => jsonAnswer(c, text, apiHeaders),
      rememberAnswer: guestAnswers.remember,
      onCall: (call) => services.functionStats.record(call),
    }),
  );
  app.route(
    API_PATHS.realtime,
    realtimeRouter({ auth, events: services.events, hub: services.realtime, notifications: services.notifications, messages: services.messages, logger }),
  );
  // In production /metrics needs METRICS_TOKEN; without it the page does not exist (said once at start).
  const metricsClosed = env.NODE_ENV === 'production' && !env.METRICS_TOKEN;
  if (metricsClosed) logger.info('metrics are off: /metrics answers 404 until METRICS_TOKEN is set');
  app.route('/metrics', metricsRouter(services.metrics, { token: env.METRICS_TOKEN, closed: metricsClosed }));
  app.route('/s', shareRouter(services.itemPages, { publicUrl: env.PUBLIC_URL, appName: env.APP_NAME }));
  app.route('/storage/v1/upload', uploadRouter(auth, services.images));
  app.route('/storage/v1/exports', exportDownloadRouter(auth, services.accountData));
  app.route(
    '/img',
    imageDeliveryRouter(services.images, {
      // Only for images not everyone may see (hidden or private items).
      async viewer(headers) {
        const session = await auth.api.getSession({ headers });
        if (!session) return { id: null, isAdmin: false, isModerator: false };
        const [isAdmin, isModerator] = await Promise.all([
          services.roles.hasRole(session.user.id, 'admin'),
          services.roles.hasRole(session.user.id, 'moderator'),
        ]);
        return { id: session.user.id, isAdmin, isModerator };
      },
    }),
  );
  app.route('/', seoRouter(createSeoService(database.db), { publicUrl: env.PUBLIC_URL }));

  if (sms && !env.SMS_URL) {
    app.route(SMS_OUTBOX_PATH, smsOutboxRouter({ sms, appName: env.APP_NAME, behindProxy: env.TRUST_PROXY, remoteAddress: deps.remoteAddress }));
  }
  if (!env.SMTP_URL) {
    app.route(API_PATHS.outbox, outboxRouter({ mailer, appName: env.APP_NAME, behindProxy: env.TRUST_PROXY, remoteAddress: deps.remoteAddress }));
    logger.info(
      { outbox: `http://localhost:${env.PORT}${API_PATHS.outbox}` },
      `no SMTP_URL: mails (sign-in links too) are kept in the outbox; open http://localhost:${env.PORT}${API_PATHS.outbox} on this computer to read them`,
    );
  }

  // The built single-page app.
  let pageRenderer: PageRenderer | null = null;
  const indexFile = path.join(env.STATIC_DIR, 'index.html');
  if (existsSync(indexFile)) {
    const root = env.STATIC_DIR;
    app.use(
      '/assets/*',
      cached(serveStatic({ root }), () => 'public, max-age=31536000, immutable'),
    );
    // The pages people arrive on name their scripts, first data and largest image in their HTML; a
    // guest's profile arrives rendered with its data.
    pageRenderer = createPageRenderer({ dir: env.SSR_DIR, logger });
    app.route('/', appPagesRouter(services, root, pageRenderer));
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
  } else {
    logger.warn({ staticDir: env.STATIC_DIR }, 'web app not built: run `npm run build` to serve it');
  }

  app.notFound((c) => c.json(envelope('not_found', `No route for ${c.req.method} ${c.req.path}`), 404));
  app.onError((err, c) => errorResponse(err, c, logger));

  /**
   * What the HTTP server calls: `/health` is answered before the app (no routing, no middleware; a
   * load balancer asks for it all the time), with the same headers the app would send, and so are
   * guests' kept answers (see createGuestAnswers); everything else goes to the app.
   */
  const healthHeaders = { ...apiHeaders, 'content-type': 'application/json' };
  const fetch = (req: Request, env?: unknown, ...rest: unknown[]): Response | Promise<Response> => {
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

  /** Stops what the app started beside its services (the page renderer's worker thread). */
  const close = () => pageRenderer?.close() ?? Promise.resolve();
  return { app, fetch, auth, services, adminAccounts, drained, startDraining, guestAnswers, close };
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

/** Hands better-auth the client's address in a header only the server sets. */
function withClientIp(c: Context, trustProxy: boolean): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = clientAddress(c, trustProxy);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const req = c.req.raw;
  return new Request(req.url, {
    method: req.method,
    headers,
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
    duplex: 'half',
  });
}

export type App = ReturnType<typeof createApp>;
