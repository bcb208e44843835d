import { and, eq, notInArray } from 'drizzle-orm';
import type { Role } from '@curio/contract';
import { userRoles, users } from '../../db/schema';
import type { Executor } from '../../db/types';

export function rolesRepository(db: Executor) {
  return {
    async list(userId: string): Promise<Role[]> {
      const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
      return rows.map((r) => r.role).sort();
    },
    /** Gives the role; whether the user did not have it yet. */
    async grant(userId: string, role: Role): Promise<boolean> {
      const added = await db.insert(userRoles).values({ userId, role }).onConflictDoNothing().returning({ userId: userRoles.userId });
      return added.length > 0;
    },
    /** Takes the role away; whether the user had it. */
    async revoke(userId: string, role: Role): Promise<boolean> {
      const removed = await db
        .delete(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
        .returning({ userId: userRoles.userId });
      return removed.length > 0;
    },
    /** Makes the user's roles exactly `roles`. */
    async setExactly(userId: string, roles: Role[]) {
      if (roles.length) await db.delete(userRoles).where(and(eq(userRoles.userId, userId), notInArray(userRoles.role, roles)));
      else await db.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roles.length)
        await db
          .insert(userRoles)
          .values(roles.map((role) => ({ userId, role })))
          .onConflictDoNothing();
    },
    async findUserIdByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
      return row?.id ?? null;
    },
  };
}
