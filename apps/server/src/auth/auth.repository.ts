import { and, eq, ne, sql } from 'drizzle-orm';
import { passkeys, sessions, twoFactors, userRoles, users } from '../db/schema';
import type { Executor } from '../db/types';

/**
 * The writes to better-auth's tables (users, sessions, two-factor, passkeys) that the app makes
 * besides better-auth itself: the auth module owns these tables, and other modules ask through
 * `authAccounts` (auth/accounts.service.ts).
 */
export function authRepository(db: Executor) {
  return {
    /** Deletes the user's sessions (all but `keep`, when given); how many went. */
    async deleteSessions(userId: string, keep?: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },
    /** Deletes one of the user's sessions; false when it is not theirs or gone already. */
    async deleteSession(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    async deleteUser(userId: string) {
      await db.delete(users).where(eq(users.id, userId));
    },
    /** `users.role`, better-auth's admin plugin's comma-separated list, set to `role`. */
    async setRole(userId: string, role: string) {
      await db.update(users).set({ role }).where(eq(users.id, userId));
    },
    /** `users.role` recomputed from the user's rows in user_roles (`user` when there is none). */
    async mirrorRoles(userId: string) {
      await db
        .update(users)
        .set({
          role: sql`(select coalesce(string_agg(${userRoles.role}, ',' order by ${userRoles.role}), 'user') from ${userRoles} where ${userRoles.userId} = ${userId})`,
        })
        .where(eq(users.id, userId));
    },
    async setTester(userId: string, tester: boolean) {
      await db.update(users).set({ tester }).where(eq(users.id, userId));
    },
    /** Suspends (better-auth refuses new sessions while `banned`) or reactivates. */
    async setSuspended(userId: string, suspended: boolean, reason: string | null) {
      await db
        .update(users)
        .set({ banned: suspended, banReason: suspended ? reason : null, banExpires: null })
        .where(eq(users.id, userId));
    },
    async clearPhone(userId: string) {
      await db.update(users).set({ phoneNumber: null, phoneNumberVerified: false }).where(eq(users.id, userId));
    },
    async setTwoFactorEnabled(userId: string, enabled: boolean) {
      await db.update(users).set({ twoFactorEnabled: enabled }).where(eq(users.id, userId));
    },
    /** Deletes one authenticator-app factor of the user; false when there is none with this id. */
    async deleteTotp(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(twoFactors)
        .where(and(eq(twoFactors.userId, userId), eq(twoFactors.id, id)))
        .returning({ id: twoFactors.id });
      return rows.length > 0;
    },
    /** Names the person's authenticator app; false when they have none. */
    async renameTotp(userId: string, name: string): Promise<boolean> {
      const rows = await db.update(twoFactors).set({ name }).where(eq(twoFactors.userId, userId)).returning({ id: twoFactors.id });
      return rows.length > 0;
    },
    async deletePasskey(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },
  };
}
