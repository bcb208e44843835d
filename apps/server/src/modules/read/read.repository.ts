import { and, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PHOTO_ROLES, type ItemFacts, type Role } from '@curio/contract';
import {
  bookmarks,
  comments,
  composites,
  follows,
  items,
  itemStats,
  likes,
  photos,
  profiles,
  profileStats,
  userBlocks,
  userRoles,
  userSettings,
} from '../../db/schema';
import { pgBool, rowsOf, textArray } from '../../db/rows';
import type { Executor } from '../../db/types';
import { dmAllowed, notMutedSql } from '../../db/visibility';
import { factsOf } from '../items/item-facts';

/** The order an item's photos are shown in: by role, as the wizard lists them. */
const PHOTO_ROLE_ORDER = sql`array[${sql.join(
  PHOTO_ROLES.map((r) => sql`${r}`),
  sql`, `,
)}]`;

/** One item with everything a card or page shows: owner, counts and the chosen image. */
export interface HydratedItem {
  id: string;
  userId: string;
  title: string;
  tags: string[];
  nsfw: boolean;
  hidden: boolean;
  hiddenSource: 'dmca' | 'other' | null;
  createdAt: Date;
  chosenCompositeId: string | null;
  /** The chosen composite's image; null for a draft. */
  imageId: string | null;
  /** The chosen image's alt text, as its owner wrote it; null: unset (the title stands in). */
  altText: string | null;
  owner: { userId: string; handle: string; displayName: string; public: boolean; hidden: boolean; avatarImageId: string | null };
  counts: { likes: number; comments: number; saves: number; views: number };
}

export interface CompositeRef {
  id: string;
  imageId: string;
  style: string;
  variantNo: number;
}

export interface PhotoRef {
  id: string;
  imageId: string;
  role: string;
  altText: string | null;
}

/**
 * What a block of the viewer's changes on one item's page: whether they have any block at all
 * (either way), and how many of the item's comments are by people they have one with (the list
 * leaves those out for them, so the page's count does too).
 */
export interface ViewerBlockState {
  blocks: boolean;
  hiddenComments: number;
}

/**
 * One viewer's marks on one item, their roles, what their blocks hide of it, and whether the DM rule
 * lets them message the item's owner (the page's Message button).
 */
export type ViewerItemState = {
  liked: boolean;
  saved: boolean;
  roles: Role[];
  canMessage: boolean;
  /**
   * The owner's DM setting admits everyone: then `canMessage` changes only with a block or a change of
   * that setting (both forget kept marks), so the state may be kept; otherwise it also follows the
   * owner's follows and replies, and is read each time.
   */
  dmOpen: boolean;
} & ViewerBlockState;

/** The item's owner's DM setting admits everyone, as SQL over the item's owner. */
const ownerDmOpen = (ownerId: AnyColumn | SQL) =>
  sql<boolean>`(coalesce((select s.allow_dms from ${userSettings} s where s.user_id = ${ownerId}), 'everyone') = 'everyone')`;

/** An item's page as one query reads it; `viewerState` is the signed-in viewer's (all false for a guest). */
export type ItemPageRow = HydratedItem & {
  composites: CompositeRef[];
  photos: PhotoRef[];
  notes: string | null;
  facts: ItemFacts;
  viewerState: ViewerItemState;
};

/** What the viewer has done to the items asked about (and who they are). */
export interface ViewerStateRows {
  liked: string[];
  saved: string[];
  roles: Role[];
  /** The items' counts now (asked for with `counts`): [itemId, likes, comments, saves]. */
  counts: [string, number, number, number][];
  /** The items the viewer muted (their owner or one of their tags; asked for with `muted`). */
  muted: string[];
}

/** A person with what every caller shows of them: profile fields, visibility and follow counts. */
export interface HydratedPerson {
  userId: string;
  handle: string;
  displayName: string;
  avatarImageId: string | null;
  bio: string | null;
  public: boolean;
  /** A moderator hid the profile. */
  hidden: boolean;
  followersCount: number;
  followingCount: number;
}

/** One viewer's relation to one person: follows and blocks each way, and whether the DM rule lets the viewer message them. */
export interface PersonViewerState {
  /** The viewer follows them. */
  following: boolean;
  /** They follow the viewer. */
  followsYou: boolean;
  /** The viewer blocked them. */
  blocking: boolean;
  /** They blocked the viewer. */
  blockedBy: boolean;
  /** A message from the viewer to them would be accepted now (`dmAllowed`; never to oneself). */
  canMessage: boolean;
}

/**
 * Whether the viewer has any block (either way), and how many comments others may see on the item
 * are by people they have one with: the SQL of `ViewerBlockState`, for a viewer and an item given as
 * values, placeholders or columns.
 */
function viewerBlockColumns(viewerId: SQL | string, itemId: SQL | AnyColumn) {
  return {
    blocks: sql<boolean>`(exists(select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId})
      or exists(select 1 from ${userBlocks} where ${userBlocks.blockedId} = ${viewerId}))`,
    hiddenComments: sql<number | string>`(select count(*)::int from ${comments} where ${comments.itemId} = ${itemId} and not ${comments.hidden}
      and ${comments.userId} in (select ${userBlocks.blockedId} from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId}
        union all select ${userBlocks.blockerId} from ${userBlocks} where ${userBlocks.blockedId} = ${viewerId}))`,
  };
}

/** See `viewerItemState`. */
function prepareViewerItemState(db: Executor) {
  const ownerOfPlaceholder = sql`(select ${items.userId} from ${items} where ${items.id} = ${sql.placeholder('itemId')})`;
  return db
    .select({
      liked: sql<boolean>`exists(select 1 from ${likes} where ${likes.userId} = ${sql.placeholder('viewerId')} and ${likes.itemId} = ${sql.placeholder('itemId')})`,
      saved: sql<boolean>`exists(select 1 from ${bookmarks} where ${bookmarks.userId} = ${sql.placeholder('viewerId')} and ${bookmarks.itemId} = ${sql.placeholder('itemId')})`,
      roles: sql<
        string[] | string
      >`coalesce((select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${sql.placeholder('viewerId')}), '{}'::text[])`,
      ...viewerBlockColumns(sql`${sql.placeholder('viewerId')}`, sql`${sql.placeholder('itemId')}`),
      canMessage: sql<boolean>`${dmAllowed(sql`${sql.placeholder('viewerId')}`, ownerOfPlaceholder)}`,
      dmOpen: ownerDmOpen(ownerOfPlaceholder),
    })
    .from(sql`(select 1) as one`)
    .prepare('curio_viewer_item_state');
}

export function readRepository(db: Executor) {
  let viewerItemStatement: ReturnType<typeof prepareViewerItemState> | undefined;
  const fields = {
    id: items.id,
    userId: items.userId,
    title: items.title,
    tags: items.tags,
    nsfw: items.nsfw,
    hidden: items.hidden,
    hiddenSource: items.hiddenSource,
    createdAt: items.createdAt,
    chosenCompositeId: items.chosenCompositeId,
    imageId: composites.imageId,
    altText: items.imageAlt,
    ownerHandle: profiles.handle,
    ownerDisplayName: profiles.displayName,
    ownerPublic: profiles.public,
    ownerHidden: profiles.hidden,
    ownerAvatarImageId: profiles.avatarImageId,
    likeCount: itemStats.likeCount,
    commentCount: itemStats.commentCount,
    saveCount: itemStats.saveCount,
    viewCount: itemStats.viewCount,
  };
  const hydrated = (ids: string[]) =>
    db
      .select(fields)
      .from(items)
      .innerJoin(profiles, eq(profiles.userId, items.userId))
      .leftJoin(composites, eq(composites.id, items.chosenCompositeId))
      .leftJoin(itemStats, eq(itemStats.itemId, items.id))
      .where(inArray(items.id, ids));
  type Row = Awaited<ReturnType<typeof hydrated>>[number];
  const toItem = (r: Row): HydratedItem => ({
    id: r.id,
    userId: r.userId,
    title: r.title,
    tags: r.tags,
    nsfw: r.nsfw,
    hidden: r.hidden,
    hiddenSource: r.hiddenSource,
    createdAt: r.createdAt,
    chosenCompositeId: r.chosenCompositeId,
    imageId: r.imageId,
    altText: r.altText,
    owner: {
      userId: r.userId,
      handle: r.ownerHandle,
      displayName: r.ownerDisplayName,
      public: r.ownerPublic,
      hidden: r.ownerHidden,
      avatarImageId: r.ownerAvatarImageId,
    },
    counts: { likes: Number(r.likeCount ?? 0), comments: Number(r.commentCount ?? 0), saves: Number(r.saveCount ?? 0), views: Number(r.viewCount ?? 0) },
  });

  return {
    /** The items with owner, counts and chosen image: one query for any number of ids (order not kept). */
    async hydrate(ids: string[]): Promise<HydratedItem[]> {
      if (!ids.length) return [];
      const rows = await hydrated(ids);
      return rows.map(toItem);
    },

    /**
     * One item for its page in one query: the same hydration plus every composite, its photos (by
     * role, then upload order), the owner's notes and, for a signed-in viewer, whether they liked and
     * saved it and their roles. The notes are private: the page shapes them only into the owner's
     * answer; the photos only into an answer that may show the item.
     */
    async itemPage(itemId: string, viewerId: string | null): Promise<ItemPageRow | null> {
      const compositeList = sql<CompositeRef[] | string>`coalesce((
        select json_agg(json_build_object('id', c.id, 'imageId', c.image_id, 'style', c.style, 'variantNo', c.variant_no)
                        order by c.created_at desc, c.variant_no asc)
        from composites c where c.item_id = ${items.id}), '[]'::json)`;
      const photoList = sql<PhotoRef[] | string>`coalesce((
        select json_agg(json_build_object('id', ph.id, 'imageId', ph.image_id, 'role', ph.role, 'altText', ph.alt_text)
                        order by array_position(${PHOTO_ROLE_ORDER}::text[], ph.role), ph.created_at, ph.id)
        from ${photos} ph where ph.item_id = ${items.id}), '[]'::json)`;
      const viewer = viewerId
        ? {
            liked: sql<boolean>`exists(select 1 from ${likes} where ${likes.userId} = ${viewerId} and ${likes.itemId} = ${items.id})`,
            saved: sql<boolean>`exists(select 1 from ${bookmarks} where ${bookmarks.userId} = ${viewerId} and ${bookmarks.itemId} = ${items.id})`,
            roles: sql<
              string[] | string
            >`coalesce((select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${viewerId}), '{}'::text[])`,
            ...viewerBlockColumns(viewerId, items.id),
            canMessage: sql<boolean>`${dmAllowed(viewerId, items.userId)}`,
            dmOpen: ownerDmOpen(items.userId),
          }
        : {
            liked: sql<boolean>`false`,
            saved: sql<boolean>`false`,
            roles: sql<string[] | string>`'{}'::text[]`,
            blocks: sql<boolean>`false`,
            hiddenComments: sql<number | string>`0`,
            canMessage: sql<boolean>`false`,
            dmOpen: sql<boolean>`true`,
          };
      const [row] = await db
        .select({
          ...fields,
          compositeList,
          photoList,
          notes: items.metadata,
          maker: items.maker,
          line: items.line,
          characterName: items.characterName,
          year: items.year,
          scale: items.scale,
          editionNumber: items.editionNumber,
          editionOf: items.editionOf,
          condition: items.condition,
          barcode: items.barcode,
          ...viewer,
        })
        .from(items)
        .innerJoin(profiles, eq(profiles.userId, items.userId))
        .leftJoin(composites, eq(composites.id, items.chosenCompositeId))
        .leftJoin(itemStats, eq(itemStats.itemId, items.id))
        .where(eq(items.id, itemId));
      if (!row) return null;
      const json = <T>(raw: T[] | string): T[] => (typeof raw === 'string' ? (JSON.parse(raw) as T[]) : raw);
      return {
        ...toItem(row),
        composites: json(row.compositeList),
        photos: json(row.photoList),
        notes: row.notes,
        facts: factsOf(row),
        viewerState: {
          liked: Boolean(row.liked),
          saved: Boolean(row.saved),
          roles: textArray(row.roles) as Role[],
          blocks: Boolean(row.blocks),
          hiddenComments: Number(row.hiddenComments ?? 0),
          canMessage: Boolean(row.canMessage),
          dmOpen: Boolean(row.dmOpen),
        },
      };
    },

    /**
     * The viewer's likes and saves among these items, and (when asked) their roles: one query,
     * served by the (user_id, item_id) unique indexes, and (with `muted`) which of them the viewer muted. Follows
     * of the items' owners join this same query when they land; blocks do not (items stay visible across a block: `blockedWith`
     * and `notBlockedBetween` serve what a block hides).
     */
    async viewerState(viewerId: string, itemIds: string[], opts: { roles: boolean; counts?: boolean; muted?: boolean }): Promise<ViewerStateRows> {
      if (!itemIds.length && !opts.roles) return { liked: [], saved: [], roles: [], counts: [], muted: [] };
      const marks = (table: typeof likes | typeof bookmarks) =>
        sql`coalesce((select array_agg(${table.itemId}::text) from ${table} where ${table.userId} = ${viewerId} and ${itemIds.length ? inArray(table.itemId, itemIds) : sql`false`}), '{}'::text[])`;
      const roles = opts.roles
        ? sql`coalesce((select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${viewerId}), '{}'::text[])`
        : sql`'{}'::text[]`;
      const counts =
        opts.counts && itemIds.length
          ? sql`coalesce((select json_agg(json_build_array(${itemStats.itemId}::text, ${itemStats.likeCount}, ${itemStats.commentCount}, ${itemStats.saveCount}))
                from ${itemStats} where ${inArray(itemStats.itemId, itemIds)}), '[]'::json)`
          : sql`'[]'::json`;
      const muted =
        opts.muted && itemIds.length
          ? sql`coalesce((select array_agg(mi.id::text) from ${items} mi where ${inArray(sql`mi.id`, itemIds)} and not ${notMutedSql(viewerId, 'mi')}), '{}'::text[])`
          : sql`'{}'::text[]`;
      const [row] = rowsOf<{ liked: string[] | string; saved: string[] | string; roles: string[] | string; counts: unknown; muted: string[] | string }>(
        await db.execute(sql`select ${marks(likes)} as liked, ${marks(bookmarks)} as saved, ${roles} as roles, ${counts} as counts, ${muted} as muted`),
      );
      const countRows = typeof row?.counts === 'string' ? (JSON.parse(row.counts) as unknown) : row?.counts;
      return {
        liked: textArray(row?.liked),
        saved: textArray(row?.saved),
        roles: textArray(row?.roles) as Role[],
        counts: Array.isArray(countRows) ? (countRows as ViewerStateRows['counts']) : [],
        muted: textArray(row?.muted),
      };
    },

    /**
     * One viewer's marks on one item, their roles and what their blocks hide of it (the signed-in item
     * page): the query of `viewerState` for a single item, prepared once and named, so that PostgreSQL
     * parses and plans it once per connection and the SQL is not built anew per request.
     */
    async viewerItemState(viewerId: string, itemId: string): Promise<ViewerItemState> {
      viewerItemStatement ??= prepareViewerItemState(db);
      const [row] = await viewerItemStatement.execute({ viewerId, itemId });
      return {
        liked: Boolean(row?.liked),
        saved: Boolean(row?.saved),
        roles: textArray(row?.roles) as Role[],
        blocks: Boolean(row?.blocks),
        hiddenComments: Number(row?.hiddenComments ?? 0),
        canMessage: Boolean(row?.canMessage),
        dmOpen: Boolean(row?.dmOpen),
      };
    },

    /**
     * People with their profile and follow counts: one query for any number of user ids, or one
     * handle (order not kept; unknown ones are left out).
     */
    async hydratePeople(by: { userIds: string[] } | { handle: string }): Promise<HydratedPerson[]> {
      if ('userIds' in by && !by.userIds.length) return [];
      const rows = await db
        .select({
          userId: profiles.userId,
          handle: profiles.handle,
          displayName: profiles.displayName,
          avatarImageId: profiles.avatarImageId,
          bio: profiles.bio,
          public: profiles.public,
          hidden: profiles.hidden,
          followersCount: profileStats.followersCount,
          followingCount: profileStats.followingCount,
        })
        .from(profiles)
        .leftJoin(profileStats, eq(profileStats.userId, profiles.userId))
        .where('userIds' in by ? inArray(profiles.userId, by.userIds) : eq(profiles.handle, by.handle));
      return rows.map((r) => ({ ...r, followersCount: Number(r.followersCount ?? 0), followingCount: Number(r.followingCount ?? 0) }));
    },

    /**
     * One viewer's relation to each of these people (of those with a profile), in one query: the
     * follows' pair key and the blocks' primary key answer each way, and `dmAllowed` (the rule
     * messages apply) whether the viewer may message them; never oneself, as messages' `canMessage`.
     */
    async peopleViewerState(viewerId: string, userIds: string[]): Promise<(PersonViewerState & { userId: string })[]> {
      if (!userIds.length) return [];
      const followed = (follower: AnyColumn | string, followee: AnyColumn | string) =>
        sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${follower} and ${follows.followeeId} = ${followee})`;
      const blocked = (blocker: AnyColumn | string, blockedId: AnyColumn | string) =>
        sql<boolean>`exists(select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${blocker} and ${userBlocks.blockedId} = ${blockedId})`;
      const rows = await db
        .select({
          userId: profiles.userId,
          following: followed(viewerId, profiles.userId),
          followsYou: followed(profiles.userId, viewerId),
          blocking: blocked(viewerId, profiles.userId),
          blockedBy: blocked(profiles.userId, viewerId),
          canMessage: sql<boolean>`(${profiles.userId} <> ${viewerId} and ${dmAllowed(viewerId, profiles.userId)})`,
        })
        .from(profiles)
        .where(inArray(profiles.userId, userIds));
      return rows.map((r) => ({
        userId: r.userId,
        following: pgBool(r.following),
        followsYou: pgBool(r.followsYou),
        blocking: pgBool(r.blocking),
        blockedBy: pgBool(r.blockedBy),
        canMessage: pgBool(r.canMessage),
      }));
    },

    /** The people the viewer has a block with, either way (one query on the blocks' primary key and its reverse). */
    async blockedWith(viewerId: string): Promise<string[]> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`select ${userBlocks.blockedId} as id from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId}
          union select ${userBlocks.blockerId} from ${userBlocks} where ${userBlocks.blockedId} = ${viewerId}`),
      );
      return rows.map((r) => r.id);
    },
    /** The viewer's saved item ids, newest save first. */
    async savedIds(userId: string) {
      return db
        .select({ itemId: bookmarks.itemId, savedAt: bookmarks.createdAt })
        .from(bookmarks)
        .where(eq(bookmarks.userId, userId))
        .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id));
    },

    async hasRole(userId: string, role: Role): Promise<boolean> {
      const [row] = await db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), role === 'moderator' ? inArray(userRoles.role, ['moderator', 'admin']) : eq(userRoles.role, role)))
        .limit(1);
      return Boolean(row);
    },
  };
}
