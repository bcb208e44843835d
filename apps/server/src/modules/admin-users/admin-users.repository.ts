import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@curio/contract';
import { creditLedger, items, profiles, userRoles, users } from '../../db/schema';
import { cursorKey, olderThan } from '../../db/keyset';
import type { Executor } from '../../db/types';
import type { Cursor } from '../../lib/cursor';

/** `%` and `_` typed into a search box match themselves. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function adminUsersRepository(db: Executor) {
  /** One row per user with everything the admin's table shows, in one query (no per-row reads). */
  const select = () =>
    db
      .select({
        id: users.id,
        email: users.email,
        handle: profiles.handle,
        displayName: profiles.displayName,
        createdAt: users.createdAt,
        cursorAt: cursorKey(users.createdAt),
        tester: users.tester,
        suspended: users.banned,
        itemCount: sql<number>`(select count(*) from ${items} where ${items.userId} = ${users.id})::int`,
        credits: sql<number>`(select coalesce(sum(${creditLedger.amount}), 0) from ${creditLedger} where ${creditLedger.userId} = ${users.id})::int`,
        roles: sql<
          Role[]
        >`(select coalesce(array_agg(${userRoles.role} order by ${userRoles.role}), '{}') from ${userRoles} where ${userRoles.userId} = ${users.id})`,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id));

  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toUser = (r: Row) => ({
    id: r.id,
    email: r.email,
    handle: r.handle,
    displayName: r.displayName,
    createdAt: r.createdAt.toISOString(),
    itemCount: Number(r.itemCount),
    tester: r.tester,
    roles: parseRoles(r.roles),
    credits: Number(r.credits),
    suspended: r.suspended,
  });

  return {
    /** Newest accounts first; `q` matches part of the handle, display name or email. One more row than `limit` tells whether a next page exists. */
    async page(opts: { q?: string; cursor?: Cursor; limit: number }) {
      const where: SQL[] = [];
      const q = opts.q?.replace(/^@/, '').trim();
      if (q) {
        const pattern = `%${escapeLike(q)}%`;
        where.push(or(ilike(users.email, pattern), ilike(profiles.handle, pattern), ilike(profiles.displayName, pattern))!);
      }
      if (opts.cursor) where.push(olderThan(users.createdAt, users.id, opts.cursor, 'text'));
      const rows = await select()
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(opts.limit + 1);
      return rows.map((r) => ({ user: toUser(r), key: { at: r.cursorAt, id: r.id } }));
    },

    async find(userId: string) {
      const [row] = await select().where(eq(users.id, userId));
      return row ? toUser(row) : null;
    },

    /** The handles of these users (null for one without a profile); users that are gone are left out. */
    async handlesOf(userIds: string[]): Promise<Map<string, string | null>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ id: users.id, handle: profiles.handle })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(inArray(users.id, userIds));
      return new Map(rows.map((r) => [r.id, r.handle]));
    },
  };
}

/** array_agg comes back as an array (PostgreSQL) or as its text form `{a,b}` (some drivers). */
function parseRoles(value: unknown): Role[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];
  return list.filter((r): r is Role => r === 'admin' || r === 'moderator');
}
