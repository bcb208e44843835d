import { and, count, desc, eq, gt, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { inviteCodes, inviteRedemptions } from '../../db/schema';
import type { Executor } from '../../db/types';

export type InviteCodeRow = typeof inviteCodes.$inferSelect;
export type NewInviteCode = typeof inviteCodes.$inferInsert;
export type InviteStatusFilter = 'all' | 'active' | 'expired' | 'disabled';

/** The status as shown: a stored `active` code past its expiry is already `expired`. */
function statusWhere(status: InviteStatusFilter, now: Date): SQL | undefined {
  const pastExpiry = and(eq(inviteCodes.status, 'active'), lte(inviteCodes.expiresAt, now));
  if (status === 'disabled') return eq(inviteCodes.status, 'disabled');
  if (status === 'expired') return or(eq(inviteCodes.status, 'expired'), pastExpiry);
  if (status === 'active') return and(eq(inviteCodes.status, 'active'), or(isNull(inviteCodes.expiresAt), gt(inviteCodes.expiresAt, now)));
  return undefined;
}

export function invitesRepository(db: Executor) {
  return {
    async findByCode(code: string): Promise<InviteCodeRow | null> {
      const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.code, code));
      return row ?? null;
    },
    async userHasRedemption(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: inviteRedemptions.id }).from(inviteRedemptions).where(eq(inviteRedemptions.userId, userId)).limit(1);
      return Boolean(row);
    },
    /** Takes one use atomically; false when the code is already fully used. */
    async takeUse(codeId: string): Promise<boolean> {
      const rows = await db
        .update(inviteCodes)
        .set({ usesCount: sql`${inviteCodes.usesCount} + 1` })
        .where(and(eq(inviteCodes.id, codeId), lt(inviteCodes.usesCount, inviteCodes.maxUses)))
        .returning({ id: inviteCodes.id });
      return rows.length === 1;
    },
    async recordRedemption(codeId: string, userId: string) {
      await db.insert(inviteRedemptions).values({ codeId, userId });
    },
    /** Active codes whose expiry has passed become `expired`; answers how many. */
    async markExpired(now: Date): Promise<number> {
      const rows = await db
        .update(inviteCodes)
        .set({ status: 'expired' })
        .where(and(eq(inviteCodes.status, 'active'), lte(inviteCodes.expiresAt, now)))
        .returning({ id: inviteCodes.id });
      return rows.length;
    },
    async insertMany(rows: NewInviteCode[]): Promise<InviteCodeRow[]> {
      return db.insert(inviteCodes).values(rows).returning();
    },
    /** One page of codes, newest first (codes of one batch in the order they were made). */
    async list(status: InviteStatusFilter, page: number, pageSize: number, now: Date): Promise<{ rows: InviteCodeRow[]; total: number }> {
      const where = statusWhere(status, now);
      const rows = await db
        .select()
        .from(inviteCodes)
        .where(where)
        .orderBy(desc(inviteCodes.createdAt), desc(inviteCodes.id))
        .limit(pageSize)
        .offset(page * pageSize);
      const [total] = await db.select({ n: count() }).from(inviteCodes).where(where);
      return { rows, total: total?.n ?? 0 };
    },
    async countByStatus(now: Date): Promise<Record<InviteStatusFilter, number>> {
      const countWhere = (status: Exclude<InviteStatusFilter, 'all'>) => sql<number>`count(*) filter (where ${statusWhere(status, now)})`.mapWith(Number);
      const [row] = await db
        .select({ all: count(), active: countWhere('active'), expired: countWhere('expired'), disabled: countWhere('disabled') })
        .from(inviteCodes);
      return row ?? { all: 0, active: 0, expired: 0, disabled: 0 };
    },
    /** Disables a code (whatever its status); null when there is no such code. */
    async disable(id: string): Promise<InviteCodeRow | null> {
      const [row] = await db.update(inviteCodes).set({ status: 'disabled' }).where(eq(inviteCodes.id, id)).returning();
      return row ?? null;
    },
  };
}
