/**
 * The database schema, split per module (`modules/<name>/<name>.schema.ts`, the auth tables in
 * `auth/auth.schema.ts`); this file gathers them for Drizzle, drizzle-kit and the repositories.
 */
export * from '../auth/auth.schema';
export * from '../modules/profiles/profiles.schema';
export * from '../modules/shelves/shelves.schema';
export * from '../modules/roles/roles.schema';
export * from '../modules/settings/settings.schema';
export * from '../modules/invites/invites.schema';
export * from '../modules/site-settings/site-settings.schema';
export * from '../modules/feedback/feedback.schema';
export * from '../modules/credits/credits.schema';
export * from '../modules/analytics/analytics.schema';
export * from '../modules/rate-limits/rate-limits.schema';
export * from '../modules/images/images.schema';
export * from '../modules/items/items.schema';
export * from '../modules/shelves/arrangements.schema';
export * from '../modules/notifications/notifications.schema';
export * from '../modules/social/social.schema';
export * from '../modules/comments/comments.schema';
export * from '../modules/blocks/blocks.schema';
export * from '../modules/events/events.schema';
export * from '../modules/follows/follows.schema';
export * from '../modules/messages/messages.schema';
export * from '../modules/dmca/dmca.schema';
export * from '../modules/moderation/moderation.schema';
export * from '../modules/function-stats/function-stats.schema';
export * from '../modules/explore/explore.schema';
export * from '../modules/admin-users/admin-users.schema';
export * from '../modules/account-data/account-data.schema';
export * from '../modules/account-sessions/account-sessions.schema';
export * from '../sms/sms.schema';
export * from '../modules/sign-in-guard/sign-in-guard.schema';
export * from '../modules/jobs/jobs.schema';
export * from '../modules/ledger/ledger.schema';
export * from '../modules/wanted/wanted.schema';
export * from '../modules/discovery/discovery.schema';
export * from '../modules/search/search.schema';
