import { ADMIN_USERS_PAGE_SIZE, type Role } from '@curio/contract';
import { authAccounts } from '../../auth/accounts.service';
import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { CreditsService } from '../credits/credits.service';
import { mirrorRole, roleWrites } from '../roles/roles.service';
import type { DomainEvents } from '../events/domain-events';
import { adminAccountsRepository } from './admin-accounts.repository';
import { adminUsersRepository } from './admin-users.repository';

const ownAccount = (message: string) => new AppError(409, 'own_account', message);

/** The admin panel's Users section: search and paging, roles, tester flag, suspension and credits. */
export function createAdminUsersService(
  db: Db,
  deps: {
    credits: CreditsService;
    logger: Logger;
    /**
     * Publishes `session.revoked` once a suspended user's sessions are deleted and `viewer.marks-changed` once their
     * roles were set, each heard by every process before the answer.
     */
    domainEvents: Pick<DomainEvents, 'publish'>;
  },
) {
  const repo = adminUsersRepository(db);

  async function get(userId: string) {
    const user = await repo.find(userId);
    if (!user) throw notFound('No user with this id');
    return user;
  }

  return {
    async list(input: { q?: string; cursor?: string }) {
      const cursor = input.cursor ? decodeCursor(input.cursor, { id: 'text' }) : undefined;
      const rows = await repo.page({ q: input.q, cursor, limit: ADMIN_USERS_PAGE_SIZE });
      const page = rows.slice(0, ADMIN_USERS_PAGE_SIZE);
      return {
        users: page.map((r) => r.user),
        nextCursor: rows.length > ADMIN_USERS_PAGE_SIZE ? encodeCursor(page[page.length - 1]!.key) : null,
      };
    },

    /**
     * Sets roles, the tester flag and suspension. An admin cannot take their own admin role away or
     * suspend themselves (the site would be left without a way back in). Suspending ends every
     * session of the user at once: sessions are read from the database on every request. `actorId`
     * is null for the operators' command line.
     */
    async update(actorId: string | null, input: { userId: string; roles?: Role[]; tester?: boolean; suspended?: boolean }) {
      const { userId } = input;
      if (userId === actorId && input.roles && !input.roles.includes('admin')) {
        throw ownAccount('You cannot remove your own admin role');
      }
      if (userId === actorId && input.suspended === true) throw ownAccount('You cannot suspend your own account');
      const before = await get(userId);
      await db.transaction(async (tx) => {
        await lockKey(tx, `admin-user:${userId}`);
        const accounts = authAccounts(tx);
        if (input.roles) {
          // Exactly these roles; `users.role` mirrors them for better-auth's admin plugin.
          const roles = [...new Set(input.roles)];
          await roleWrites(tx).setExactly(userId, roles);
          await accounts.setRole(userId, mirrorRole(roles));
        }
        if (input.tester !== undefined) await accounts.setTester(userId, input.tester);
        if (input.suspended !== undefined) {
          await accounts.setSuspended(userId, input.suspended, input.suspended ? 'Suspended by an admin' : null);
          // Ends every session of the user: the next request with any of them is a guest's.
          if (input.suspended) await accounts.deleteSessions(userId);
          if (input.suspended !== before.suspended) {
            await adminAccountsRepository(tx).record({ actorId, userId, userEmail: before.email, action: input.suspended ? 'suspend' : 'reactivate' });
          }
        }
      });
      if (input.suspended) await deps.domainEvents.publish('session.revoked', { userId });
      if (input.roles) await deps.domainEvents.publish('viewer.marks-changed', { userId });
      const user = await get(userId);
      deps.logger.info({ actorId, userId, roles: input.roles, tester: input.tester, suspended: input.suspended }, 'admin: user updated');
      return { user };
    },

    async grantCredits(actorId: string, input: { userId: string; amount: number; reason: string }) {
      await get(input.userId);
      await deps.credits.grantByAdmin(input.userId, input.amount, input.reason, actorId);
      deps.logger.info({ actorId, userId: input.userId, amount: input.amount }, 'admin: credits granted');
      return { user: await get(input.userId) };
    },

    /** `admin-credits-history`: every change of a collector's credits, newest first, with the admin who made it. */
    async creditHistory(input: { userId: string; cursor?: string }) {
      await get(input.userId);
      const page = await deps.credits.history(input.userId, input.cursor);
      const actorIds = [...new Set(page.entries.flatMap((e) => (e.actorId ? [e.actorId] : [])))];
      const handles = await repo.handlesOf(actorIds);
      return {
        ...page,
        entries: page.entries.map(({ actorId, ...entry }) => ({
          ...entry,
          actor: actorId && handles.has(actorId) ? { id: actorId, handle: handles.get(actorId) ?? null } : null,
        })),
      };
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
