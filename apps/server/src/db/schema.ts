import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------------------------
// better-auth tables (model names user, session, account, verification, rateLimit)
// ---------------------------------------------------------------------------------------------
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  tester: boolean('tester').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** The schema object better-auth's Drizzle adapter reads, keyed by its model names. */
export const authSchema = {
  user: users,
  session: sessions,
  account: accounts,
  verification: verifications,
  rateLimit: rateLimits,
};

// ---------------------------------------------------------------------------------------------
// Curio tables
// ---------------------------------------------------------------------------------------------
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    displayName: text('display_name').notNull(),
    bio: text('bio'),
    public: boolean('public').notNull().default(true),
    avatarImageId: text('avatar_image_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_handle_key').on(t.handle),
    check('profiles_handle_format', sql`${t.handle} ~ '^[a-z0-9_]{3,20}$'`),
  ],
);

export const shelves = pgTable(
  'shelves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    cols: integer('cols').notNull().default(6),
    rows: integer('rows').notNull().default(3),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shelves_cols_range', sql`${t.cols} between 1 and 12`),
    check('shelves_rows_range', sql`${t.rows} between 1 and 12`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'moderator'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  includeNsfw: boolean('include_nsfw').notNull().default(false),
  allowDms: text('allow_dms', { enum: ['everyone', 'followed_only'] }).notNull().default('everyone'),
  analyticsOptOut: boolean('analytics_opt_out').notNull().default(false),
  updatedAt: updatedAt(),
});

export const inviteCodes = pgTable(
  'invite_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    prefix: text('prefix').notNull(),
    maxUses: integer('max_uses').notNull().default(1),
    usesCount: integer('uses_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    grantTester: boolean('grant_tester').notNull().default(false),
    grantCredits: integer('grant_credits').notNull().default(0),
    notes: text('notes'),
    /** `expired` is stored by the expiry job; a code past its expiry counts as expired before that too. */
    status: text('status', { enum: ['active', 'expired', 'disabled'] }).notNull().default('active'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invite_codes_code_key').on(t.code),
    check('invite_codes_uses', sql`${t.usesCount} >= 0 and ${t.usesCount} <= ${t.maxUses}`),
    check('invite_codes_credits', sql`${t.grantCredits} >= 0`),
  ],
);

export const inviteRedemptions = pgTable(
  'invite_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => inviteCodes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // One redemption per user: the unique index settles concurrent redemptions.
  (t) => [uniqueIndex('invite_redemptions_user_key').on(t.userId), index('invite_redemptions_code_idx').on(t.codeId)],
);

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason', { enum: ['signup', 'invite', 'admin_grant', 'generation', 'refund'] }).notNull(),
    ref: text('ref'),
    createdAt: createdAt(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    props: jsonb('props').notNull().default({}),
    path: text('path').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The item an item_view is about (kept as a column for trending and insights). */
    itemId: uuid('item_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
    index('analytics_events_item_created_idx').on(t.itemId, t.createdAt),
  ],
);

/** Fixed-window request counters of the rate-limits module (better-auth keeps its own in rate_limits). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.subject, t.windowStart] }), index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// Images, items and the shelf
// ---------------------------------------------------------------------------------------------
/** A stored image: the cleaned master plus its variants live in storage under `images/{id}/`. */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['photo', 'avatar', 'cutout', 'composite'] }).notNull(),
    masterFormat: text('master_format', { enum: ['jpg', 'png'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_owner_idx').on(t.ownerId)],
);

/** A signed, single-use upload slot handed out by uploads-sign. */
export const uploadTokens = pgTable(
  'upload_tokens',
  {
    token: text('token').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageId: text('image_id').notNull().unique(),
    kind: text('kind', { enum: ['photo', 'avatar'] }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('upload_tokens_user_created_idx').on(t.userId, t.createdAt)],
);

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shelfId: uuid('shelf_id')
      .notNull()
      .references(() => shelves.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    nsfw: boolean('nsfw').notNull().default(false),
    metadata: text('metadata'),
    chosenCompositeId: uuid('chosen_composite_id'),
    hidden: boolean('hidden').notNull().default(false),
    hiddenSource: text('hidden_source', { enum: ['dmca', 'other'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('items_shelf_created_idx').on(t.shelfId, t.createdAt),
    index('items_user_idx').on(t.userId),
    index('items_created_idx').on(t.createdAt),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    imageId: text('image_id')
      .notNull()
      .unique()
      .references(() => images.id),
    role: text('role', { enum: ['front', 'side', 'back', 'box', 'detail'] }).notNull().default('front'),
    cutoutImageId: text('cutout_image_id').references(() => images.id, { onDelete: 'set null' }),
    cutoutStatus: text('cutout_status', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('photos_item_idx').on(t.itemId)],
);

export const composites = pgTable(
  'composites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    imageId: text('image_id')
      .notNull()
      .references(() => images.id),
    style: text('style').notNull(),
    variantNo: integer('variant_no').notNull(),
    generationId: uuid('generation_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('composites_item_idx').on(t.itemId)],
);

export const arrangements = pgTable(
  'arrangements',
  {
    shelfId: uuid('shelf_id')
      .notNull()
      .references(() => shelves.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    col: integer('col').notNull(),
    row: integer('row').notNull(),
    overflow: boolean('overflow').notNull().default(false),
    zIndex: integer('z_index').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shelfId, t.itemId] }),
    // Two items can never share a grid cell; overflow rows are exempt.
    uniqueIndex('arrangements_cell_key').on(t.shelfId, t.col, t.row).where(sql`${t.overflow} = false`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['follow', 'like', 'comment', 'mention'] }).notNull(),
    refId: text('ref_id'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    seen: boolean('seen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_seen_idx').on(t.userId, t.seen)],
);

// ---------------------------------------------------------------------------------------------
// Social: likes, saves, comments, mentions, reports, blocks and per-item counters
// ---------------------------------------------------------------------------------------------
/** A user's mark on an item (a like, a save): one per user and item, listed per item by time. */
const userItemMark = (table: string) =>
  pgTable(
    table,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      itemId: uuid('item_id')
        .notNull()
        .references(() => items.id, { onDelete: 'cascade' }),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex(`${table}_user_item_key`).on(t.userId, t.itemId), index(`${table}_item_created_idx`).on(t.itemId, t.createdAt)],
  );

export const likes = userItemMark('likes');
export const bookmarks = userItemMark('bookmarks');

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_item_created_idx').on(t.itemId, t.createdAt),
    index('comments_user_created_idx').on(t.userId, t.createdAt),
    check('comments_body_length', sql`char_length(${t.body}) between 1 and 500`),
  ],
);

export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: ['comment', 'item', 'thread'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['open', 'hidden', 'dismissed'] }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    // One report per reporter and target: a repeated report answers the existing one.
    uniqueIndex('reports_reporter_target_key').on(t.reporterId, t.targetType, t.targetId),
  ],
);

export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/** Counters kept beside the item so that explore and item pages never count rows. */
export const itemStats = pgTable('item_stats', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  likeCount: integer('like_count').notNull().default(0),
  commentCount: integer('comment_count').notNull().default(0),
  saveCount: integer('save_count').notNull().default(0),
  viewCount: integer('view_count').notNull().default(0),
});

/**
 * Counted item views: one per viewer, item and UTC day. The viewer is a keyed hash (of the user id,
 * or of a guest's address and user agent) whose key changes every day, so no identity is kept.
 */
export const itemViews = pgTable(
  'item_views',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.day, t.viewer] }), index('item_views_created_idx').on(t.createdAt)],
);

/**
 * Domain events (a notification created, an item changed, a profile going private), written in the
 * transaction of the change and announced to every process with NOTIFY. Live streams resume from
 * them by id (`Last-Event-ID`); old rows are pruned. A null user is a broadcast to every process.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    stream: text('stream').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('events_user_stream_id_idx').on(t.userId, t.stream, t.id), index('events_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// People: follows and their counters, counted profile views, direct messages
// ---------------------------------------------------------------------------------------------
export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_key').on(t.followerId, t.followeeId),
    index('follows_followee_created_idx').on(t.followeeId, t.createdAt),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** Follower and following counts kept beside the profile, changed in the follow's transaction. */
export const profileStats = pgTable(
  'profile_stats',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
  },
  (t) => [check('profile_stats_non_negative', sql`${t.followersCount} >= 0 and ${t.followingCount} >= 0`)],
);

/** Counted profile views: one per viewer, profile and UTC day, as item_views (the viewer is a daily keyed hash). */
export const profileViews = pgTable(
  'profile_views',
  {
    profileUserId: text('profile_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileUserId, t.day, t.viewer] }), index('profile_views_created_idx').on(t.createdAt)],
);

/** One thread per pair of people: `user_a` < `user_b`, unique. */
export const dmThreads = pgTable(
  'dm_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userA: text('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: text('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last message's time (the creation until then): threads are listed by it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    aReadAt: timestamp('a_read_at', { withTimezone: true }),
    bReadAt: timestamp('b_read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dm_threads_pair_key').on(t.userA, t.userB),
    index('dm_threads_a_last_idx').on(t.userA, t.lastMessageAt),
    index('dm_threads_b_last_idx').on(t.userB, t.lastMessageAt),
    // Byte order (ids are ASCII), the same order the service sorts the pair in.
    check('dm_threads_ordered_pair', sql`${t.userA} collate "C" < ${t.userB} collate "C"`),
  ],
);

export const dmMessages = pgTable(
  'dm_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => dmThreads.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('dm_messages_thread_created_idx').on(t.threadId, t.createdAt),
    check('dm_messages_text_length', sql`char_length(${t.text}) between 1 and 1000`),
  ],
);
