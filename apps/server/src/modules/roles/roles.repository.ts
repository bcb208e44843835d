import { and, eq, ne, sql } from 'drizzle-orm';
import type { Role } from '@curio/contract';
import { sessions, userRoles, users } from '../../db/schema';
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
      if (!added.length) return false;
      // better-auth's admin plugin reads users.role (comma-separated); user_roles stays the source of truth.
      await db
        .update(users)
        .set({
          role: sql`(select coalesce(string_agg(${userRoles.role}, ',' order by ${userRoles.role}), 'user') from ${userRoles} where ${userRoles.userId} = ${userId})`,
        })
        .where(eq(users.id, userId));
      return true;
    },
    /** Takes the role away; whether the user had it. */
    async revoke(userId: string, role: Role): Promise<boolean> {
      const removed = await db
        .delete(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
        .returning({ userId: userRoles.userId });
      if (!removed.length) return false;
      await db
        .update(users)
        .set({
          role: sql`(select coalesce(string_agg(${userRoles.role}, ',' order by ${userRoles.role}), 'user') from ${userRoles} where ${userRoles.userId} = ${userId})`,
        })
        .where(eq(users.id, userId));
      return true;
    },
    /** Deletes the user's sessions (all but `keep`, when given); how many went. */
    async deleteSessions(userId: string, keep?: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async findUserIdByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
      return row?.id ?? null;
    },
  };
}
