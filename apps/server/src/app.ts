import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { API_PATHS } from '@curio/contract';
import { CLIENT_IP_HEADER, createAuth, type PasswordHashing } from './auth/auth';
import { accountDataAuthBridge } from './auth/account-data-bridge';
import { imageViewer } from './auth/image-viewer';
import { createSessionLookup } from './auth/session-lookup';
import { adminSignInSync, authHooks } from './auth-hooks';
import type { Database } from './db/client';
import { mountDevOutboxes } from './dev-outboxes';
import type { Env } from './env';
import { functionHandlers } from './function-handlers';
import { authInputGuard } from './lib/auth-input';
import { bodyLimitForWrites } from './lib/body-limit';
import { clientAddress } from './lib/client-ip';
import { entryFetch } from './lib/entry-fetch';
import { envelope } from './lib/errors';
import { errorResponse } from './lib/error-handler';
import { createFunctionRouter } from './lib/function-router';
import { createGuestAnswers } from './lib/guest-answers';
import { apiSecurityHeaders, COMPRESS_FROM_BYTES, jsonAnswer, requestBasics, securityHeaders } from './lib/http-basics';
import { inFlightRequests } from './lib/in-flight';
import type { Logger } from './lib/logger';
import { originGuard, trustedOrigins } from './lib/origin-guard';
import { readiness } from './lib/readiness';
import { createViewerKeys } from './lib/viewer-key';
import type { Mailer } from './mail/mailer';
import type { AddressResolver } from './mail/outbox-route';
import { exportDownloadRouter } from './modules/account-data/account-data.routes';
import { createAdminAccountsService } from './modules/admin-users/admin-accounts.service';
import { realtimeRouter } from './modules/events/realtime.routes';
import { metricsRouter } from './modules/function-stats/function-stats.metrics';
import { imageDeliveryRouter, uploadRouter } from './modules/images/images.routes';
import { QUEUES } from './modules/jobs/jobs';
import { oauthDiscoveryRouter } from './modules/oauth-clients/oauth-discovery.routes';
import { createOAuthClientsService } from './modules/oauth-clients/oauth-clients.service';
import { seoRouter } from './modules/seo/seo.routes';
import { createSeoService } from './modules/seo/seo.service';
import { shareRouter, shelfCardRouter } from './modules/share/share.routes';
import { createServices, type ServiceOverrides, type Services } from './services';
import { createSms, smsAvailable } from './sms/sms';
import { createStorageFromEnv } from './storage/from-env';
import type { Storage } from './storage/storage';
import { mountWebApp } from './web-app';

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

/**
 * The HTTP app: first what it is built from (services, SMS, better-auth, the session lookup, the
 * function handlers of function-handlers.ts), then its middleware and routes in the order a request
 * meets them. Answers the app, the entry the HTTP server calls (`fetch`) and what shutdown and the
 * CLI use.
 */
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
  // What follows better-auth's writes of users and sessions (auth-hooks.ts); the admin sync reads auth when a hook runs.
  const hooks = authHooks(
    services,
    adminSignInSync(env, services, () => auth),
  );
  const auth = createAuth({ db: database.db, env, logger, mailer, sms, passwordHashing: deps.passwordHashing, hooks });
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
  services.accountData.attachAuth(accountDataAuthBridge(auth));
  const sessionCache = createSessionLookup(auth, env, services.domainEvents);
  const https = env.PUBLIC_URL.startsWith('https://');
  const baseHeaders = securityHeaders({ https });
  // JSON answers built in one go carry the API's shorter set (lib/http-basics.ts).
  const apiHeaders = apiSecurityHeaders({ https });
  const healthy = JSON.stringify({ status: 'ok' });
  const inFlight = inFlightRequests();
  const ready = readiness({ ping: () => database.ping(), isMigrated: deps.isMigrated });
  const limitWrites = bodyLimitForWrites(env.MAX_BODY_BYTES);
  const limitKeys = createViewerKeys(env.AUTH_SECRET);
  // Answers that hold for a while (explore's first pages, item pages; a guest's or a signed-in viewer's), answered before routing.
  const guestAnswers = createGuestAnswers({
    headers: apiHeaders,
    logger,
    onCall: (call) => services.functionStats.record(call),
    viewer: (cookie) => sessionCache.peek(cookie, undefined),
  });
  const handlers = functionHandlers(services, { adminAccounts, oauthClients: createOAuthClientsService(auth) });
  const gzip = compress({ threshold: COMPRESS_FROM_BYTES });

  // The app, in the order a request meets it. First the in-flight count (shutdown waits for those handlers),
  // then what every request gets (request id, security headers, a log line), then /health: a load balancer
  // asks for it all the time. Compression only for clients that take it (and bodies worth it: 1 KB and up).
  const app = new Hono();
  app.use(inFlight.track);
  app.use(requestBasics({ logger, headers: baseHeaders, quiet: [API_PATHS.health, API_PATHS.ready] }));
  app.get(API_PATHS.health, (c) => jsonAnswer(c, healthy, apiHeaders));
  app.use((c, next) => (c.req.header('accept-encoding') ? gzip(c, next) : next()));
  app.use(originGuard({ trusted: trustedOrigins(env), logger }));
  app.use(`${API_PATHS.functions}/*`, limitWrites);
  app.use(`${API_PATHS.auth}/*`, limitWrites);
  // Auth routes follow the functions' text rule too (a 400, never a 500), and their 429s say Retry-After.
  app.use(`${API_PATHS.auth}/*`, authInputGuard());
  // Whether this process takes requests: not draining, its database answers, its migrations are applied.
  app.get(API_PATHS.ready, ready.handler);
  app.on(['GET', 'POST'], `${API_PATHS.auth}/*`, (c) => auth.handler(withClientIp(c, env.TRUST_PROXY)));
  // OAuth / OpenID discovery where clients look for it: the issuer (PUBLIC_URL) + /.well-known/….
  app.route('/.well-known', oauthDiscoveryRouter(auth));
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
  app.route('/metrics', metricsRoute(services, env, logger));
  // A shelf's link preview; a signed-in viewer blocked either way is not shown it.
  app.route('/s/shelf', shelfCardRouter(services.shelfCards, { viewer: async (headers) => (await sessionCache.user(headers))?.id ?? null }));
  app.route('/s', shareRouter(services.itemPages, { publicUrl: env.PUBLIC_URL, appName: env.APP_NAME }));
  app.route('/storage/v1/upload', uploadRouter(auth, services.images));
  app.route('/storage/v1/exports', exportDownloadRouter(auth, services.accountData));
  app.route('/img', imageDeliveryRouter(services.images, { viewer: imageViewer(auth, services.roles) }));
  app.route('/', seoRouter(createSeoService(database.db), { publicUrl: env.PUBLIC_URL }));
  // Development's mail and SMS outboxes, then the built web app (its files, server-rendered pages, index.html).
  mountDevOutboxes(app, { env, logger, mailer, sms, remoteAddress: deps.remoteAddress });
  const pageRenderer = mountWebApp(app, { env, logger, services });
  app.notFound((c) => c.json(envelope('not_found', `No route for ${c.req.method} ${c.req.path}`), 404));
  app.onError((err, c) => errorResponse(err, c, logger));

  const fetch = entryFetch(app, { healthy, apiHeaders, guestAnswers });
  /** Stops what the app started beside its services (the page renderer's worker thread). */
  const close = () => pageRenderer?.close() ?? Promise.resolve();
  const { drained } = inFlight;
  const { startDraining } = ready;
  return { app, fetch, auth, services, adminAccounts, drained, startDraining, guestAnswers, close };
}

/** /metrics: in production it needs METRICS_TOKEN; without it the page does not exist (said once at start). */
function metricsRoute(services: Services, env: Env, logger: Logger) {
  const closed = env.NODE_ENV === 'production' && !env.METRICS_TOKEN;
  if (closed) logger.info('metrics are off: /metrics answers 404 until METRICS_TOKEN is set');
  return metricsRouter(services.metrics, { token: env.METRICS_TOKEN, closed });
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
