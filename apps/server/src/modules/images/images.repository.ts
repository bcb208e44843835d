import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { images, uploadTokens } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;
export type UploadTokenRow = typeof uploadTokens.$inferSelect;

export function imagesRepository(db: Executor) {
  return {
    async insert(row: NewImage) {
      await db.insert(images).values(row);
    },
    async find(id: string): Promise<ImageRow | null> {
      const [row] = await db.select().from(images).where(eq(images.id, id));
      return row ?? null;
    },
    async deleteMany(ids: string[]) {
      if (ids.length) await db.delete(images).where(inArray(images.id, ids));
    },
    async insertToken(row: typeof uploadTokens.$inferInsert) {
      await db.insert(uploadTokens).values(row);
    },
    /** Deletes upload signatures that expired before `before` without being used; answers how many. */
    async deleteUnusedTokens(before: Date): Promise<number> {
      const rows = await db
        .delete(uploadTokens)
        .where(and(isNull(uploadTokens.usedAt), lt(uploadTokens.expiresAt, before)))
        .returning({ token: uploadTokens.token });
      return rows.length;
    },
    async findToken(token: string): Promise<UploadTokenRow | null> {
      const [row] = await db.select().from(uploadTokens).where(eq(uploadTokens.token, token));
      return row ?? null;
    },
    /** Marks the token used; false when it was used already (single use, even under a race). */
    async consumeToken(token: string): Promise<boolean> {
      const rows = await db
        .update(uploadTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(uploadTokens.token, token), isNull(uploadTokens.usedAt)))
        .returning({ token: uploadTokens.token });
      return rows.length === 1;
    },
  };
}
