import type { AuthBridge } from '../modules/account-data/account-data.service';
import type { Auth } from './auth';

/**
 * What the account-data module asks better-auth (its AuthBridge): whether a user has a password,
 * whether one is right, and the session a request names (its user, start and sign-in method).
 */
export function accountDataAuthBridge(auth: Auth): AuthBridge {
  return {
    async hasPassword(userId) {
      const ctx = await auth.$context;
      return Boolean((await ctx.internalAdapter.findCredentialAccount(userId))?.password);
    },
    async verifyPassword(userId, password) {
      const ctx = await auth.$context;
      const hash = (await ctx.internalAdapter.findCredentialAccount(userId))?.password;
      return hash ? ctx.password.verify({ hash, password }) : false;
    },
    async currentSession(headers) {
      const found = await auth.api.getSession({ headers, query: { disableCookieCache: true } }).catch(() => null);
      if (!found) return null;
      const { userId, createdAt, signInMethod } = found.session as { userId: string; createdAt: Date; signInMethod?: string | null };
      return { userId, createdAt: new Date(createdAt), signInMethod: signInMethod ?? null };
    },
  };
}
