import { eq } from 'drizzle-orm';
import { profiles, users } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ProfileRow = typeof profiles.$inferSelect;
export interface ProfileWrite {
  handle: string;
  displayName: string;
  bio: string | null;
  public: boolean;
}

export function profilesRepository(db: Executor) {
  return {
    async findByUser(userId: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row ?? null;
    },
    async findByHandle(handle: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(profiles).where(eq(profiles.handle, handle));
      return row ?? null;
    },
    async upsert(userId: string, data: ProfileWrite): Promise<ProfileRow> {
      const [row] = await db
        .insert(profiles)
        .values({ userId, ...data })
        .onConflictDoUpdate({ target: profiles.userId, set: { ...data, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error('profile upsert returned nothing');
      return row;
    },
    async isTester(userId: string): Promise<boolean> {
      const [row] = await db.select({ tester: users.tester }).from(users).where(eq(users.id, userId));
      return row?.tester ?? false;
    },
  };
}
