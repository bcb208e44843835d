import { NOTIFICATION_EVENTS, SITE_EVENTS } from '@curio/contract';
import type { Database, Db } from './db/client';
import type { Executor } from './db/types';
import type { Env } from './env';
import type { Logger } from './lib/logger';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createCreditsService } from './modules/credits/credits.service';
import { createCutoutsService } from './modules/cutouts/cutouts.service';
import { simpleSegmenter, type Segmenter } from './modules/cutouts/segmenter';
import { handleHousekeeping } from './modules/jobs/housekeeping';
import { createJobs, QUEUES } from './modules/jobs/jobs';
import type { Generator } from './modules/generation/generator';
import { createGeneratorFromEnv } from './modules/generation/from-env';
import { createImagesService } from './modules/images/images.service';
import { createInvitesService } from './modules/invites/invites.service';
import { createItemsService } from './modules/items/items.service';
import { createEventsService } from './modules/events/events.service';
import { createStreamHub } from './modules/events/stream-hub';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createProfilesService, profileReads } from './modules/profiles/profiles.service';
import { createRateLimitsService } from './modules/rate-limits/rate-limits.service';
import { createCommentsService } from './modules/comments/comments.service';
import { createExploreService } from './modules/explore/explore.service';
import { createItemPagesService } from './modules/items/item-pages.service';
import { createSettingsService } from './modules/settings/settings.service';
import { createSocialService } from './modules/social/social.service';
import { createFollowsService } from './modules/follows/follows.service';
import { createBlocksService } from './modules/blocks/blocks.service';
import { createMessagesService } from './modules/messages/messages.service';
import { createInsightsService } from './modules/insights/insights.service';
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
import { sessionRevocations } from './auth/session-cache';
import { forgetEverywhere } from './modules/events/forget-everywhere';
import { createAccountDataService } from './modules/account-data/account-data.service';
import { createStorageSweep } from './modules/storage-sweep/storage-sweep.service';

/** The hint that an item's page changed through another process (its counts: a like, a save, a comment). */
const ITEM_TOUCHED_HINT = 'item.touched';
const SITE_SETTINGS_HINT = 'site-settings.changed';

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
  // Ends cached sessions in every process: call `sessions.revoke(userId)` after deleting sessions directly.
  const sessions = sessionRevocations({ db, events, logger });
  // Ends the viewers' marks and roles kept beside the item pages in every process: awaited by
  // whatever changes them (a like, a save, a role), so the next request anywhere reads them anew.
  const viewerMarks = forgetEverywhere({ db, events, logger }, { stream: 'viewer-marks', type: 'viewer.marks-changed', what: "a viewer's kept marks" });
  const realtime = createStreamHub();
  const rateLimits = createRateLimitsService(db);
  const roles = createRolesService(db, {
    adminEmails: env.ADMIN_EMAILS,
    rolesChanged: (userId) => viewerMarks.forget(userId),
    sessionsEnded: (userId) => sessions.revoke(userId),
  });
  const credits = createCreditsService(db, {
    signupCredits: env.SIGNUP_CREDITS,
    refill: async () => (await settings.get()).creditRefill,
  });
  /**
   * An admin changed the public site settings through this process: its open notifications streams and the guests'
   * site streams say so at once, and every other process is told to tell its own (a hint, not recorded: a tab whose
   * process missed it reads the settings again within a minute).
   */
  const tellOpenTabs = () => {
    void realtime.send('notifications', NOTIFICATION_EVENTS.siteSettings, {});
    void realtime.send('site', SITE_EVENTS.settings, {});
  };
  const siteSettingsChanged = () => {
    tellOpenTabs();
    void events.hint(SITE_SETTINGS_HINT, {});
  };
  events.onHint(SITE_SETTINGS_HINT, tellOpenTabs);
  const settings = createSiteSettingsService(db, { oidcName: externalOidcName(env), changed: siteSettingsChanged });
  const invites = createInvitesService(db, { defaultPrefix: env.INVITE_PREFIX });
  const feedback = createFeedbackService(db);
  const profiles = createProfilesService(db, {
    roles,
    credits,
    invites,
    settings,
    onVisibilityChange: () => clearReadCaches(),
    recordVisibilityChange: (tx, change) => announceToExplore('profile.visibility')(tx, change),
    recordOwnerShownChange: (tx, change) => announceToExplore('profile.shown')(tx, change),
    // Called per request, after the services below exist.
    people: () => ({
      counts: (userId) => follows.counts(userId),
      between: (a, b) => follows.between(a, b),
      blocksBetween: (a, b) => blocks.between(a, b),
      canMessage: (sender, recipient) => messages.canMessage(sender, recipient),
    }),
  });
  const shelves = createShelvesService(db);
  const analytics = createAnalyticsService(db, {
    // Called per request, after `social` below exists.
    visibleItem: (itemId, viewerId) => social.visibleItem(itemId, viewerId),
    secret: env.AUTH_SECRET,
    profileByHandle: (handle) => profileReads(db).findByHandle(handle),
  });
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
  // Handlers run once the queue has started, after every service below exists.
  handleHousekeeping(jobs, () => ({ analytics, invites, itemPages, images, events, credits }));
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
    // A saved item's image changed: as an edit does (announceToExplore is defined just below; called later).
    recordChange: (tx, change) => announceToExplore('item.changed')(tx, change),
    onChange: () => clearReadCaches(),
  });
  const notifications = createNotificationsService(db, { events });
  const explore = createExploreService(db, { snapshotSeconds: env.EXPLORE_SNAPSHOT_SECONDS, secret: env.AUTH_SECRET });
  // A hidden, edited or deleted item and a profile going private clear explore in every process.
  events.onBroadcast('explore', () => clearReadCaches());
  jobs.handle(QUEUES.exploreRollup.name, () => explore.rollUp());
  const announceToExplore = (type: string) => async (tx: Executor, payload: object) =>
    void (await events.record(tx, { userId: null, stream: 'explore', type, payload }));
  const itemPages = createItemPagesService(db, { roles, images, onChange: () => clearReadCaches(), recordChange: announceToExplore('item.changed') });
  /** Explore's rankings and pages and the cached item pages of this process (the 'explore' stream clears them in every process). */
  function clearReadCaches() {
    explore.invalidate();
    itemPages.invalidate();
  }
  /**
   * Items' likes, saves or comments changed (committed) through this process: their cached pages go
   * at once here, and every other process is told to drop them too (one hint, not recorded: a process
   * that was not listening drops all its pages when it listens again; a hint that could not be sent
   * leaves those pages there until they expire, ITEM_PAGE_CACHE_MS). Not awaited: the
   * answer does not wait for the NOTIFY, and a failure to send it is logged, never the caller's.
   */
  const itemsTouched = (itemIds: string[]) => {
    if (!itemIds.length) return;
    for (const itemId of itemIds) itemPages.forget(itemId);
    void events.hint(ITEM_TOUCHED_HINT, { itemIds });
  };
  const itemTouched = (itemId: string) => itemsTouched([itemId]);
  events.onHint(ITEM_TOUCHED_HINT, (data) => {
    // `itemId` alone: the hint of a process of the previous release, during a rolling update.
    const { itemIds, itemId } = (data ?? {}) as { itemIds?: unknown; itemId?: unknown };
    const ids = Array.isArray(itemIds) ? itemIds : [itemId];
    for (const id of ids) if (typeof id === 'string') itemPages.forget(id);
  });
  // Hints sent while this process was not listening are lost: its cached item pages go instead.
  events.onHintsMissed(() => itemPages.invalidate());
  viewerMarks.onForgotten((userId) => itemPages.forgetViewer(userId));
  const social = createSocialService(db, { roles, notifications, itemsTouched, marksChanged: (userId) => viewerMarks.forget(userId) });
  const comments = createCommentsService(db, {
    social,
    notifications,
    limits: { intervalSeconds: env.COMMENT_INTERVAL_SECONDS, perHour: env.COMMENTS_PER_HOUR },
    isAdmin: (userId) => roles.hasRole(userId, 'admin'),
    itemTouched,
  });
  const userSettings = createSettingsService(db, {
    onVisibilityChange: () => clearReadCaches(),
    recordVisibilityChange: announceToExplore('profile.visibility'),
    recordDmSettingChange: announceToExplore('profile.dm-setting'),
  });
  const follows = createFollowsService(db, { notifications });
  const blocks = createBlocksService(db, { marksChanged: (userId) => viewerMarks.forget(userId) });
  const messages = createMessagesService(db, {
    events,
    rateLimits,
    limits: { intervalSeconds: env.MESSAGE_INTERVAL_SECONDS, perHour: env.MESSAGES_PER_HOUR },
  });
  const insights = createInsightsService(db);
  const moderation = createModerationService(db, {
    notifications,
    onVisibilityChange: () => clearReadCaches(),
    recordVisibilityChange: (tx, change) => announceToExplore('moderation.visibility')(tx, change),
  });
  const adminUsers = createAdminUsersService(db, {
    credits,
    logger,
    revokeSessions: (userId) => sessions.revoke(userId),
    rolesChanged: (userId) => viewerMarks.forget(userId),
  });
  const accountSessions = createAccountSessionsService(db, { sessions, mailer: deps.mailer, logger, publicUrl: env.PUBLIC_URL, appName: env.APP_NAME });
  const metrics = createMetrics({ jobQueues: () => jobs.stats(), jobProcesses: () => jobs.processes() });
  const functionStats = createFunctionStatsService(db, { logger, observe: metrics.observe, flushSeconds: env.FUNCTION_STATS_FLUSH_SECONDS });
  const dmca = createDmcaService(db, {
    mailer: deps.mailer,
    logger,
    operatorEmails: env.OPERATOR_EMAILS.length ? env.OPERATOR_EMAILS : env.ADMIN_EMAILS,
    publicUrl: env.PUBLIC_URL,
    appName: env.APP_NAME,
    recordItemChange: announceToExplore('item.changed'),
    onItemChange: () => clearReadCaches(),
    notifications,
  });
  const mfa = createMfaService(db, { smsAvailable: smsAvailable(env) });
  const accountData = createAccountDataService(db, {
    storage,
    jobs,
    images,
    itemPages,
    logger,
    mailer: deps.mailer,
    publicUrl: env.PUBLIC_URL,
    appName: env.APP_NAME,
    secret: env.AUTH_SECRET,
    revokeSessions: (userId) => sessions.revoke(userId),
    onVisibilityChange: () => clearReadCaches(),
    recordVisibilityChange: announceToExplore('profile.visibility'),
  });
  return {
    accountData,
    sessions,
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
    userSettings,
    jobs,
    storageSweep,
  };
}
export type Services = ReturnType<typeof createServices>;
