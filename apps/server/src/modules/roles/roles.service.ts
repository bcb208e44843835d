import type { Role } from '@curio/contract';
import { authAccounts } from '../../auth/accounts.service';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import type { DomainEvents } from '../events/domain-events';
import { rolesRepository } from './roles.repository';

/** Whether these roles grant `role`: an admin can do all that a moderator can. */
export const holdsRole = (roles: readonly Role[], role: Role) => roles.includes(role) || (role === 'moderator' && roles.includes('admin'));

export function createRolesService(
  db: Db,
  opts: {
    adminEmails: string[];
    /**
     * Publishes, and waits for every process to hear, `viewer.marks-changed` once a user's roles changed (what
     * processes keep of their roles goes) and `session.revoked` once sessions were deleted here (their cached sessions go).
     */
    domainEvents: DomainEvents;
  },
) {
  const repo = rolesRepository(db);
  const accounts = authAccounts(db);
  // better-auth's admin plugin reads users.role (comma-separated); user_roles stays the source of truth.
  const grant = async (userId: string, role: Role) => (await repo.grant(userId, role)) && (await accounts.mirrorRoles(userId), true);
  const revoke = async (userId: string, role: Role) => (await repo.revoke(userId, role)) && (await accounts.mirrorRoles(userId), true);
  const service = {
    list: (userId: string) => repo.list(userId),
    /** Admin can do all that a moderator can (`holdsRole`). */
    async hasRole(userId: string, role: Role): Promise<boolean> {
      return holdsRole(await repo.list(userId), role);
    },
    /**
     * Grants admin to addresses listed in ADMIN_EMAILS once the address is verified (a magic-link
     * sign-in verifies it): anyone may sign up with any address, so an unverified one proves nothing.
     * The role takes effect only for sessions that begin after the proof: every session the account
     * had before the grant ends first (and with it every JWT taken from one), whoever held it — a
     * pre-registration's sign-up session included. `keepSessionId` is the session being created
     * right now, by the sign-in that proves the address or comes after it.
     */
    async syncAdminEmail(user: { id: string; email: string; emailVerified: boolean }, keepSessionId?: string) {
      if (!user.emailVerified || !opts.adminEmails.includes(user.email.toLowerCase())) return;
      if ((await repo.list(user.id)).includes('admin')) return;
      if (await accounts.deleteSessions(user.id, keepSessionId)) await opts.domainEvents.publish('session.revoked', { userId: user.id });
      if (await grant(user.id, 'admin')) await opts.domainEvents.publish('viewer.marks-changed', { userId: user.id });
    },
    /** The CLI's `grant <email> <role>`. Returns false when no user has that address. */
    async grantByEmail(email: string, role: Role): Promise<boolean> {
      const userId = await repo.findUserIdByEmail(email);
      if (!userId) return false;
      if (await grant(userId, role)) await opts.domainEvents.publish('viewer.marks-changed', { userId });
      return true;
    },
    /**
     * The CLI's `revoke <email> <role>`: null when no user has that address, else whether they had
     * the role. An address in ADMIN_EMAILS gets admin back at its next verified sign-in.
     */
    async revokeByEmail(email: string, role: Role): Promise<boolean | null> {
      const userId = await repo.findUserIdByEmail(email);
      if (!userId) return null;
      const had = await revoke(userId, role);
      if (had) await opts.domainEvents.publish('viewer.marks-changed', { userId });
      return had;
    },
  };
  return service;
}
export type RolesService = ReturnType<typeof createRolesService>;

/** The admin plugin reads `users.role` as a comma-separated list; a user without roles is `user`. */
export const mirrorRole = (roles: readonly Role[]) => (roles.length ? [...roles].sort().join(',') : 'user');

/**
 * What other modules may change of a user's roles, on `db` (the database or the caller's
 * transaction). `users.role` is the auth module's: the caller mirrors the roles there.
 */
export function roleWrites(db: Executor) {
  const repo = rolesRepository(db);
  return {
    /** Makes the user's roles exactly `roles`. */
    setExactly: (userId: string, roles: Role[]) => repo.setExactly(userId, roles),
  };
}
