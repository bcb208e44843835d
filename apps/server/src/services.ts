import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { Logger } from './lib/logger';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createCreditsService } from './modules/credits/credits.service';
import { createCutoutsService } from './modules/cutouts/cutouts.service';
import { simpleSegmenter, type Segmenter } from './modules/cutouts/segmenter';
import { handleHousekeeping } from './modules/jobs/housekeeping';
import { createJobs } from './modules/jobs/jobs';
import type { Generator } from './modules/generation/generator';
import { createGeneratorFromEnv } from './modules/generation/from-env';
import { createImagesService } from './modules/images/images.service';
import { createInvitesService } from './modules/invites/invites.service';
import { createItemsService } from './modules/items/items.service';
import { createEventsService } from './modules/events/events.service';
import { createStreamHub } from './modules/events/stream-hub';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createProfilesService } from './modules/profiles/profiles.service';
import { createRateLimitsService } from './modules/rate-limits/rate-limits.service';
import { createCommentsService } from './modules/comments/comments.service';
import { createDiscoveryService } from './modules/discovery/discovery.service';
import { createExploreService } from './modules/explore/explore.service';
import { createSearchService } from './modules/search/search.service';
import { createItemPagesService } from './modules/items/item-pages.service';
import { createSettingsService } from './modules/settings/settings.service';
import { createSocialService } from './modules/social/social.service';
import { createFollowsService } from './modules/follows/follows.service';
import { createBlocksService } from './modules/blocks/blocks.service';
import { createMessagesService } from './modules/messages/messages.service';
import { createInsightsService } from './modules/insights/insights.service';
import { createWantedService } from './modules/wanted/wanted.service';
import { createModerationService } from './modules/moderation/moderation.service';
import { createAdminUsersService } from './modules/admin-users/admin-users.service';
import { createFunctionStatsService } from './modules/function-stats/function-stats.service';
import { createMetrics } from './modules/function-stats/function-stats.metrics';
import { createDmcaService } from './modules/dmca/dmca.service';
import { createAccountSessionsService } from './modules/account-sessions/account-sessions.service';
import type { Mailer } from './mail/mailer';
import { createMfaService } from './modules/mfa/mfa.service';
import { smsAvailable } from './sms/sms';
import { createRolesService } from './modules/roles/roles.service';
import { createShelvesService } from './modules/shelves/shelves.service';
import { createSiteSettingsService } from './modules/site-settings/site-settings.service';
import { externalOidcName } from './auth/plugins/external-oidc';
import { createFeedbackService } from './modules/feedback/feedback.service';
import type { Storage } from './storage/storage';
import { createDomainEvents } from './modules/events/domain-events';
import { createAccountDataService } from './modules/account-data/account-data.service';
import { createLedgerService } from './modules/ledger/ledger.service';
import { createStorageSweep } from './modules/storage-sweep/storage-sweep.service';
import { createShelfCardsService } from './modules/share/shelf-card.service';

export interface ServiceOverrides {
  generator?: Generator;
  /**
   * What cuts photos out in this process: a worker's model, or the web process's IPC child on
   * PGlite. Without it only `CUTOUT=simple` cuts here; the model never loads in the web process.
   */
  segmenter?: Segmenter;
  /** How long items-generate waits for pending cut-outs (tests shorten it). */
  cutoutWaitMs?: number;
}

/** Wires every module's service to the database, storage and configuration. */
export function createServices(
  db: Db,
  env: Env,
  deps: {
    storage: Storage;
    logger: Logger;
    /** Live events across processes (the app passes the database's). */ listen?: Database['listen'];
    listenerCount?: Database['listenerCount'];
    announce?: Database['announce'];
    /** Mails sent by services (DMCA notices). */ mailer?: Mailer;
  } & ServiceOverrides,
) {
  const { storage, logger } = deps;
  const events = createEventsService(db, { logger, listen: deps.listen, listenerCount: deps.listenerCount, announce: deps.announce });
  // Cross-module effects: each module publishes its events and subscribes to others' in its own create…Service
  // (modules/events/domain-events.ts lists them; docs/decisions.md, "The module map", who publishes and who hears).
  const domainEvents = createDomainEvents(db, { events, logger });
  const realtime = createStreamHub(domainEvents);
  const rateLimits = createRateLimitsService(db);
  const roles = createRolesService(db, { adminEmails: env.ADMIN_EMAILS, domainEvents });
  const settings = createSiteSettingsService(db, { oidcName: externalOidcName(env), domainEvents });
  const credits = createCreditsService(db, { signupCredits: env.SIGNUP_CREDITS, settings });
  const invites = createInvitesService(db, { defaultPrefix: env.INVITE_PREFIX });
  const feedback = createFeedbackService(db);
  const notifications = createNotificationsService(db, { events });
  const follows = createFollowsService(db, { notifications });
  const blocks = createBlocksService(db, { domainEvents });
  const messages = createMessagesService(db, {
    events,
    rateLimits,
    limits: { intervalSeconds: env.MESSAGE_INTERVAL_SECONDS, perHour: env.MESSAGES_PER_HOUR },
  });
  const profiles = createProfilesService(db, {
    roles,
    credits,
    invites,
    settings,
    domainEvents,
  });
  const shelves = createShelvesService(db);
  const images = createImagesService(db, { storage, logger, rateLimits, uploadsPerHour: env.UPLOADS_PER_HOUR });
  const jobs = createJobs(db, { logger });
  const cutouts = createCutoutsService(db, {
    images,
    segment: deps.segmenter ?? (env.CUTOUT === 'simple' ? simpleSegmenter() : null),
    jobs,
    events,
    logger,
  });
  cutouts.work(env.CUTOUT_CONCURRENCY);
  const storageSweep = createStorageSweep(db, { storage, logger, jobs });
  const generator = deps.generator ?? createGeneratorFromEnv(env);
  const items = createItemsService(db, {
    shelves,
    credits,
    settings,
    roles,
    images,
    cutouts,
    generator,
    logger,
    cutoutWaitMs: deps.cutoutWaitMs,
    domainEvents,
  });
  const explore = createExploreService(db, { snapshotSeconds: env.EXPLORE_SNAPSHOT_SECONDS, secret: env.AUTH_SECRET, domainEvents });
  const discovery = createDiscoveryService(db, { domainEvents, streams: realtime, logger });
  const search = createSearchService(db);
  const itemPages = createItemPagesService(db, { roles, images, domainEvents });
  const social = createSocialService(db, { roles, notifications, domainEvents });
  const analytics = createAnalyticsService(db, { social, secret: env.AUTH_SECRET });
  const comments = createCommentsService(db, {
    social,
    notifications,
    roles,
    domainEvents,
    limits: { intervalSeconds: env.COMMENT_INTERVAL_SECONDS, perHour: env.COMMENTS_PER_HOUR },
  });
  const userSettings = createSettingsService(db, { domainEvents });
  const insights = createInsightsService(db);
  const wanted = createWantedService(db, { images });
  const moderation = createModerationService(db, { notifications, domainEvents });
  const adminUsers = createAdminUsersService(db, { credits, logger, domainEvents });
  const accountSessions = createAccountSessionsService(db, { domainEvents, mailer: deps.mailer, logger, publicUrl: env.PUBLIC_URL, appName: env.APP_NAME });
  const metrics = createMetrics({ jobs });
  const functionStats = createFunctionStatsService(db, { logger, observe: metrics.observe, flushSeconds: env.FUNCTION_STATS_FLUSH_SECONDS });
  const dmca = createDmcaService(db, {
    mailer: deps.mailer,
    logger,
    operatorEmails: env.OPERATOR_EMAILS.length ? env.OPERATOR_EMAILS : env.ADMIN_EMAILS,
    publicUrl: env.PUBLIC_URL,
    appName: env.APP_NAME,
    domainEvents,
    notifications,
  });
  const mfa = createMfaService(db, { smsAvailable: smsAvailable(env) });
  const ledger = createLedgerService(db, { items, jobs, logger });
  const accountData = createAccountDataService(db, {
    storage,
    jobs,
    images,
    itemPages,
    ledger,
    logger,
    mailer: deps.mailer,
    publicUrl: env.PUBLIC_URL,
    appName: env.APP_NAME,
    secret: env.AUTH_SECRET,
    domainEvents,
  });
  // Shelves' link previews, drawn from the profile a guest sees and kept in the image store.
  const shelfCards = createShelfCardsService(db, { profiles, images, storage, rateLimits, logger, appName: env.APP_NAME });
  // The scheduled jobs' handlers (they run once the queue has started).
  handleHousekeeping(jobs, { analytics, invites, itemPages, images, events, credits, explore });
  return {
    accountData,
    ledger,
    domainEvents,
    accountSessions,
    mfa,
    feedback,
    moderation,
    adminUsers,
    functionStats,
    metrics,
    follows,
    blocks,
    messages,
    insights,
    wanted,
    dmca,
    events,
    realtime,
    rateLimits,
    roles,
    credits,
    settings,
    invites,
    profiles,
    shelves,
    analytics,
    images,
    cutouts,
    items,
    notifications,
    itemPages,
    social,
    comments,
    explore,
    discovery,
    search,
    userSettings,
    jobs,
    storageSweep,
    shelfCards,
  };
}
export type Services = ReturnType<typeof createServices>;
