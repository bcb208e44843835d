import type { Auth, AuthHooks } from './auth/auth';
import type { Env } from './env';
import type { Services } from './services';

/** Grants an account's admin role from ADMIN_EMAILS at a sign-in; the new session is kept, older ones end. */
export type AdminSync = (userId: string, newSessionId?: string) => Promise<void>;

/**
 * What happens after better-auth writes a user or a session (handed to createAuth as its hooks):
 * - a user is created: their signup credits, and the admin role if ADMIN_EMAILS names them;
 * - a session is created: the admin role again, a mail for a new device, and a pending account
 *   deletion cancelled (unless an admin is impersonating them);
 * - a user is updated: the admin role again, and their cached sessions end (they carry name and address);
 * - a session is deleted: it ends in every session cache.
 */
export function authHooks(services: Services, syncAdminForUser: AdminSync): AuthHooks {
  return {
    async onUserCreated(user) {
      await services.credits.grantSignup(user.id);
      await services.roles.syncAdminEmail(user);
    },
    async onSessionCreated(session) {
      await syncAdminForUser(session.userId, (session as { id?: string }).id);
      await services.accountSessions.sessionCreated(session); // a new device is told by mail
      // Signing in during a deletion's grace period cancels it (an admin's impersonation does not).
      if (!(session as { impersonatedBy?: string | null }).impersonatedBy) await services.accountData.onSessionCreated(session.userId);
    },
    async onUserUpdated(user) {
      await services.roles.syncAdminEmail(user);
      // Cached sessions carry the user's name and address.
      await services.domainEvents.publish('session.revoked', { userId: user.id });
    },
    onSessionDeleted: (session) => services.domainEvents.publish('session.revoked', { userId: session.userId }),
  };
}

/**
 * ADMIN_EMAILS' grant at a sign-in: the new session is kept, the account's older ones end (roles.service.ts).
 * `auth` is asked for at the call, since the hooks are built before better-auth is.
 */
export function adminSignInSync(env: Env, services: Services, auth: () => Auth): AdminSync {
  return async function syncAdminForUser(userId, newSessionId) {
    if (!env.ADMIN_EMAILS.length) return;
    const ctx = await auth().$context;
    const user = await ctx.internalAdapter.findUserById(userId);
    if (user) await services.roles.syncAdminEmail(user, newSessionId);
  };
}
