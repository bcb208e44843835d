import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { accountDevices, sessions, users } from '../../db/schema';
import type { Executor } from '../../db/types';

export interface SessionRow {
  id: string;
  token: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function accountSessionsRepository(db: Executor) {
  return {
    /** The user's sessions that have not expired, most recently used first. */
    async listActive(userId: string): Promise<SessionRow[]> {
      const rows = await db
        .select({
          id: sessions.id,
          token: sessions.token,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
      return rows.map((r) => ({ ...r }));
    },
    async email(userId: string): Promise<string | null> {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },
    /**
     * Notes a device for the user. `added`: it was not known; `first`: the user had no device at all
     * (their first session ever, or the first since devices are recorded).
     */
    async seeDevice(userId: string, device: string): Promise<{ added: boolean; first: boolean }> {
      const [known] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(accountDevices)
        .where(eq(accountDevices.userId, userId));
      const inserted = await db
        .insert(accountDevices)
        .values({ userId, device })
        .onConflictDoUpdate({ target: [accountDevices.userId, accountDevices.device], set: { lastSeenAt: new Date() } })
        .returning({ added: sql<boolean>`(xmax = 0)` });
      return { added: inserted[0]?.added === true, first: (known?.n ?? 0) === 0 };
    },
  };
}
