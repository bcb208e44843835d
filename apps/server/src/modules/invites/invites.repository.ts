import { and, eq, lt, lte, sql } from 'drizzle-orm';
import { inviteCodes, inviteRedemptions, users } from '../../db/schema';
import type { Executor } from '../../db/types';

export type InviteCodeRow = typeof inviteCodes.$inferSelect;
export type NewInviteCode = typeof inviteCodes.$inferInsert;

export function invitesRepository(db: Executor) {
  return {
    async findByCode(code: string): Promise<InviteCodeRow | null> {
      const [row] = await db.select().from(inviteCodes).where(eq(inviteCodes.code, code));
      return row ?? null;
    },
    async userHasRedemption(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: inviteRedemptions.id })
        .from(inviteRedemptions)
        .where(eq(inviteRedemptions.userId, userId))
        .limit(1);
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
    async setTester(userId: string) {
      await db.update(users).set({ tester: true }).where(eq(users.id, userId));
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
  };
}
