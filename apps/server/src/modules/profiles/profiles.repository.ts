import { and, eq } from 'drizzle-orm';
import { images, profiles, users } from '../../db/schema';
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
    /** Changes some fields of an existing profile; null when the user has none. */
    async update(userId: string, set: Partial<ProfileWrite & { avatarImageId: string | null }>): Promise<ProfileRow | null> {
      const [row] = await db
        .update(profiles)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(profiles.userId, userId))
        .returning();
      return row ?? null;
    },
    /** Whether the image is an avatar this user uploaded. */
    async ownsAvatar(userId: string, imageId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: images.id })
        .from(images)
        .where(and(eq(images.id, imageId), eq(images.ownerId, userId), eq(images.kind, 'avatar')));
      return Boolean(row);
    },
    async isTester(userId: string): Promise<boolean> {
      const [row] = await db.select({ tester: users.tester }).from(users).where(eq(users.id, userId));
      return row?.tester ?? false;
    },
    async setHiddenByUser(userId: string, hidden: boolean) {
      await db.update(profiles).set({ hidden }).where(eq(profiles.userId, userId));
    },
    async setHiddenById(profileId: string, hidden: boolean) {
      await db.update(profiles).set({ hidden }).where(eq(profiles.id, profileId));
    },
    async setPublic(userId: string, value: boolean) {
      await db.update(profiles).set({ public: value }).where(eq(profiles.userId, userId));
    },
  };
}
