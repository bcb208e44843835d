import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { textArraySql } from './sql-values';
import { dmMessages, dmThreads, follows, items, profiles, tagMutes, userBlocks, userMutes, userRoles, userSettings } from './schema';

/**
 * The SQL forms of the visibility rules (modules/read/visibility.ts, where each rule is written once in
 * TypeScript): the predicates every repository composes when it filters while it pages (items, people,
 * blocks, the DM rule). They live with the database layer, beside the schema they read, so that any module's
 * repository builds on them without reaching into another module; a rule changed in visibility.ts is changed here too.
 */

/**
 * A table as a query names it: the Drizzle table itself (`profiles`, `items`), or the alias a raw
 * query gave it (`p` in `join profiles p`, `i` in `from items i`).
 */
export type ProfilesRef = typeof profiles | string;
export type ItemsRef = typeof items | string;

/** A column of an aliased table (`p.public`), named as the schema names it. */
const aliased = (alias: string, column: AnyColumn): SQL => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
const profileColumns = (p: ProfilesRef) =>
  typeof p === 'string' ? { userId: aliased(p, profiles.userId), public: aliased(p, profiles.public), hidden: aliased(p, profiles.hidden) } : p;
const itemColumns = (i: ItemsRef) =>
  typeof i === 'string'
    ? { userId: aliased(i, items.userId), hidden: aliased(i, items.hidden), tags: aliased(i, items.tags), nsfw: aliased(i, items.nsfw) }
    : i;

/**
 * A profile this viewer may see or find, as SQL: the SQL form of `profileVisible` (read/visibility.ts).
 * For anyone but its owner (`viewerId` null: a guest, or a list that names nobody in particular) that
 * is a profile public and not hidden by a moderator; the owner always sees their own. Lists of
 * people (mentions, DM recipients, followers and followings) compose it rather than write their own.
 */
export function profileVisibleTo(p: ProfilesRef, viewerId: string | null): SQL {
  const c = profileColumns(p);
  const listed = sql`(${c.public} and not ${c.hidden})`;
  return viewerId === null ? listed : sql`(${listed} or ${c.userId} = ${viewerId})`;
}

/**
 * An item this viewer may see, as SQL over the item and its owner's profile (joined on the item's
 * `user_id`): the SQL form of `itemAccess(item, viewer) === 'visible'` (read/visibility.ts) for a
 * viewer who is not an admin: their own item; otherwise an item not hidden whose owner's profile is
 * public and not hidden. `viewerId` null: the anonymous viewer (no item is their own); SQL: the viewer
 * of each row (a column or expression).
 */
export function itemVisibleTo(t: { item: ItemsRef; owner: ProfilesRef }, viewerId: string | SQL | null): SQL {
  const i = itemColumns(t.item);
  const p = profileColumns(t.owner);
  const others = sql`(${p.public} and not ${p.hidden} and not ${i.hidden})`;
  return viewerId === null ? others : sql`(${i.userId} = ${viewerId} or ${others})`;
}

/**
 * The people whose profile and items nobody but themselves (and admins) may see: private, or hidden by a
 * moderator; as a select of their ids. `x not in (unlistedPeopleSql())` is `profileVisibleTo(x, null)`
 * for a person with a profile, read once for a whole list (a hashed subplan) instead of once per row.
 */
export function unlistedPeopleSql(): SQL {
  return sql`select up.user_id from ${profiles} up where not up.public or up.hidden`;
}

/**
 * `itemVisibleTo` over the item alone (no join of its owner's profile): the viewer's own item, or an item
 * not hidden whose owner is not among `unlistedPeopleSql`. For lists whose candidates are many (search):
 * one hashed probe per row instead of a profile looked up per row. An item's owner always has a profile
 * (a shelf, and so an item, is made at onboarding).
 */
export function itemVisibleAlone(item: ItemsRef, viewerId: string | null): SQL {
  const i = itemColumns(item);
  const others = sql`(not ${i.hidden} and ${i.userId} not in (${unlistedPeopleSql()}))`;
  return viewerId === null ? others : sql`(${i.userId} = ${viewerId} or ${others})`;
}

/**
 * `itemAccess(item, viewer) === 'visible'` as SQL for any signed-in viewer, admins included (they see
 * hidden items too): `itemVisibleTo`, or the viewer holds the admin role. `viewer`: a column or
 * expression, for writes that check many viewers at once.
 */
export function itemVisibleToViewer(t: { item: ItemsRef; owner: ProfilesRef }, viewer: SQL): SQL {
  return sql`(${itemVisibleTo(t, viewer)} or exists (select 1 from ${userRoles} r where r.user_id = ${viewer} and r.role = 'admin'))`;
}

/**
 * The items anyone may find in discovery, as SQL over `items i join profiles p`: the rules of
 * visibility.ts for the anonymous viewer (`itemVisibleTo` anyone, a chosen image, NSFW only when
 * asked; `listable(item, EVERYONE, …)`). The explore ranking and the sitemap select from this.
 */
export function discoverable(opts: { includeNsfw: boolean }): SQL {
  return sql`${itemVisibleTo({ item: 'i', owner: 'p' }, null)} and i.chosen_composite_id is not null ${opts.includeNsfw ? sql`` : sql`and not i.nsfw`}`;
}

/**
 * No block between the two people, either way, as SQL over any two columns, expressions or ids: the
 * SQL form of `hiddenByBlock` (read/visibility.ts). Lists that filter while they page, in one query
 * (notifications and their unseen count, message threads and unread totals, DM recipients), compose
 * it rather than write their own. A null side (a deleted actor or party) has no block. Served by
 * the blocks' primary key (blocker, blocked).
 */
export function notBlockedBetween(a: AnyColumn | SQL | string, b: AnyColumn | SQL | string): SQL {
  return sql`not exists (select 1 from ${userBlocks} blk
    where (blk.blocker_id = ${a} and blk.blocked_id = ${b}) or (blk.blocker_id = ${b} and blk.blocked_id = ${a}))`;
}

/**
 * The people with a block with `user` either way, as a select of their ids: `x not in (blockedWithSql(u))` is
 * `notBlockedBetween(u, x)` for a non-null x, read once for a whole list of x (a hashed subplan) instead of once per row.
 */
export function blockedWithSql(user: AnyColumn | SQL | string): SQL {
  return sql`select blk.blocked_id from ${userBlocks} blk where blk.blocker_id = ${user}
    union all select blk.blocker_id from ${userBlocks} blk where blk.blocked_id = ${user}`;
}

/**
 * Who may message whom: the one rule, as SQL over the sender and the recipient (columns, expressions
 * or ids). A message is accepted when both parts hold:
 * - `unblocked`: no block between the two, either way (the read pipeline's `notBlockedBetween`);
 * - `admitted`: the recipient's DM setting admits the sender: `everyone`; or they follow the sender;
 *   or they wrote in the pair's thread themselves (a reply to someone who wrote first is always welcome).
 * The service's refusal (which tells the two apart for its error), a thread's `canSend`, the profile's
 * and the item page's `canMessage` and the recipients search all compose it; none writes its own.
 * Starting a new thread also needs the recipient's profile visible to the sender (`profileVisible`).
 */
export function dmRule(sender: AnyColumn | SQL | string, recipient: AnyColumn | SQL | string): { unblocked: SQL; admitted: SQL } {
  return {
    unblocked: notBlockedBetween(sender, recipient),
    admitted: sql`(coalesce((select s.allow_dms from ${userSettings} s where s.user_id = ${recipient}), 'everyone') = 'everyone'
      or exists (select 1 from ${follows} f where f.follower_id = ${recipient} and f.followee_id = ${sender})
      or exists (select 1 from ${dmThreads} pt join ${dmMessages} pm on pm.thread_id = pt.id and pm.sender_id = ${recipient}
                 where (pt.user_a = ${sender} and pt.user_b = ${recipient}) or (pt.user_a = ${recipient} and pt.user_b = ${sender})))`,
  };
}
/** The whole rule: `sender` may message `recipient` now. */
export const dmAllowed = (sender: AnyColumn | SQL | string, recipient: AnyColumn | SQL | string): SQL => {
  const rule = dmRule(sender, recipient);
  return sql`(${rule.unblocked} and ${rule.admitted})`;
};

/**
 * The person is not muted by the viewer, as SQL over a column, expression or id (a comment's author, a
 * notification's actor, an item's owner). A mute is the muter's own filter: it hides the muted person's items,
 * comments and notifications from the muter only, and tells nobody. `viewerId` null (a guest): always true. A
 * null person (a deleted author) is never muted. Served by the mutes' primary key (user, muted).
 */
export function notMutedPersonSql(viewerId: string | SQL | null, person: AnyColumn | SQL | string): SQL {
  if (viewerId === null) return sql`true`;
  return sql`not exists (select 1 from ${userMutes} mu where mu.user_id = ${viewerId} and mu.muted_id = ${person})`;
}

/**
 * The item is not muted by the viewer, as SQL over an item (the table or a query's alias): its owner is not a
 * muted person and none of its tags is a muted tag (tags compared as stored, as explore's tag filter does).
 * Explore, the home feed, tag pages and search compose it. `viewerId`: an id, or SQL for the viewer of each row;
 * null (a guest): always true.
 */
export function notMutedSql(viewerId: string | SQL | null, item: ItemsRef = items): SQL {
  if (viewerId === null) return sql`true`;
  const i = itemColumns(item);
  return sql`(${notMutedPersonSql(viewerId, i.userId)}
    and not (${i.tags} && coalesce((select array_agg(tm.tag) from ${tagMutes} tm where tm.user_id = ${viewerId}), '{}'::text[])))`;
}

/**
 * The item carries none of these tags, as SQL: the viewer's muted tags when a query has read them already (the home
 * feed, so that its index scan needs no visit to the table when there are none). `notMutedSql` reads them itself.
 */
export function notTaggedWithSql(tags: readonly string[], item: ItemsRef = items): SQL {
  if (!tags.length) return sql`true`;
  return sql`not (${itemColumns(item).tags} && ${textArraySql(tags)})`;
}

/**
 * NSFW items only for a viewer who chose to see them (their `include_nsfw` setting; never for a guest), as SQL over
 * an item: the home feed reads the setting in the query rather than in a round trip of its own.
 */
export function nsfwAllowedSql(viewerId: string | SQL | null, item: ItemsRef = items): SQL {
  const i = itemColumns(item);
  if (viewerId === null) return sql`not ${i.nsfw}`;
  return sql`(not ${i.nsfw} or coalesce((select s.include_nsfw from ${userSettings} s where s.user_id = ${viewerId}), false))`;
}
