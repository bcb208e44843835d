import { desc, eq } from 'drizzle-orm';
import { profiles, userBlocks, userSettings } from '../../db/schema';
import type { Executor } from '../../db/types';

export type UserSettingsRow = typeof userSettings.$inferSelect;

export function settingsRepository(db: Executor) {
  return {
    async get(userId: string): Promise<UserSettingsRow | null> {
      const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
      return row ?? null;
    },
    async upsert(userId: string, set: Partial<Pick<UserSettingsRow, 'includeNsfw' | 'allowDms' | 'analyticsOptOut'>>) {
      await db
        .insert(userSettings)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: userSettings.userId, set: { ...set, updatedAt: new Date() } });
    },
    async profilePublic(userId: string): Promise<boolean | null> {
      const [row] = await db.select({ public: profiles.public }).from(profiles).where(eq(profiles.userId, userId));
      return row?.public ?? null;
    },
    async blocked(userId: string) {
      return db
        .select({ blockedId: userBlocks.blockedId, handle: profiles.handle, displayName: profiles.displayName, avatarImageId: profiles.avatarImageId })
        .from(userBlocks)
        .leftJoin(profiles, eq(profiles.userId, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, userId))
        .orderBy(desc(userBlocks.createdAt));
    },
  };
}
