import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PHOTO_ROLES, type DmcaStatus } from '@curio/contract';
import { composites, dmcaNotices, items, photos, profiles } from '../../db/schema';
import type { Executor } from '../../db/types';
import { cursorKey, olderThan } from '../../db/keyset';
import type { Cursor } from '../../lib/cursor';

export type DmcaNoticeRow = typeof dmcaNotices.$inferSelect;
export type NewDmcaNotice = typeof dmcaNotices.$inferInsert;
export type DmcaListRow = DmcaNoticeRow & { itemTitle: string | null; cursorAt: string };

const PHOTO_ROLE_ORDER = sql`array[${sql.join(
  PHOTO_ROLES.map((r) => sql`${r}`),
  sql`, `,
)}]`;

const listColumns = {
  notice: dmcaNotices,
  itemTitle: items.title,
  cursorAt: cursorKey(dmcaNotices.createdAt),
};

export function dmcaRepository(db: Executor) {
  const withItem = () => db.select(listColumns).from(dmcaNotices).leftJoin(items, eq(items.id, dmcaNotices.infringingItemId));
  const flat = (r: { notice: DmcaNoticeRow; itemTitle: string | null; cursorAt: string }): DmcaListRow => ({
    ...r.notice,
    itemTitle: r.itemTitle,
    cursorAt: r.cursorAt,
  });

  return {
    /** Inserts the notice; null when the reference is taken already (the caller draws another). */
    async insert(row: NewDmcaNotice): Promise<DmcaNoticeRow | null> {
      const [inserted] = await db.insert(dmcaNotices).values(row).onConflictDoNothing({ target: dmcaNotices.reference }).returning();
      return inserted ?? null;
    },

    async itemExists(itemId: string): Promise<boolean> {
      const [row] = await db.select({ id: items.id }).from(items).where(eq(items.id, itemId));
      return !!row;
    },

    /** A page of notices, newest first, with the named item's title. */
    async list(opts: { status?: DmcaStatus; cursor?: Cursor; limit: number }): Promise<DmcaListRow[]> {
      const where: SQL[] = [];
      if (opts.status) where.push(eq(dmcaNotices.status, opts.status));
      if (opts.cursor) where.push(olderThan(dmcaNotices.createdAt, dmcaNotices.id, opts.cursor));
      const rows = await withItem()
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(dmcaNotices.createdAt), desc(dmcaNotices.id))
        .limit(opts.limit + 1);
      return rows.map(flat);
    },

    async counts(): Promise<Record<DmcaStatus, number>> {
      const rows = await db
        .select({ status: dmcaNotices.status, count: sql<number>`count(*)::int` })
        .from(dmcaNotices)
        .groupBy(dmcaNotices.status);
      const counts: Record<DmcaStatus, number> = { open: 0, needinfo: 0, hidden: 0, dismissed: 0, resolved: 0 };
      for (const r of rows) counts[r.status] = Number(r.count);
      return counts;
    },

    async findByReference(reference: string, opts: { lock?: boolean } = {}): Promise<DmcaListRow | null> {
      const q = withItem().where(eq(dmcaNotices.reference, reference));
      const [row] = opts.lock ? await q.for('update', { of: dmcaNotices }) : await q;
      return row ? flat(row) : null;
    },

    async setStatus(id: string, status: DmcaStatus): Promise<void> {
      await db.update(dmcaNotices).set({ status }).where(eq(dmcaNotices.id, id));
    },

    /** The item in context for a moderator: owner, chosen image and photos in display order. */
    async itemInContext(itemId: string) {
      const [row] = await db
        .select({
          item: items,
          imageId: composites.imageId,
          owner: { userId: profiles.userId, handle: profiles.handle, displayName: profiles.displayName, avatarImageId: profiles.avatarImageId },
        })
        .from(items)
        .leftJoin(composites, eq(composites.id, items.chosenCompositeId))
        .leftJoin(profiles, eq(profiles.userId, items.userId))
        .where(eq(items.id, itemId));
      if (!row) return null;
      const photoRows = await db
        .select({ imageId: photos.imageId, role: photos.role })
        .from(photos)
        .where(eq(photos.itemId, itemId))
        .orderBy(sql`array_position(${PHOTO_ROLE_ORDER}::text[], ${photos.role})`, asc(photos.createdAt), asc(photos.id));
      return { ...row, photos: photoRows };
    },
  };
}
