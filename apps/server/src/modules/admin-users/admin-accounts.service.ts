import { randomBytes } from 'node:crypto';
import { ADMIN_SIGN_IN_LINK_MINUTES, API_PATHS, type AdminFactor } from '@curio/contract';
import { authAccounts } from '../../auth/accounts.service';
import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import { actionMail } from '../../mail/templates';
import type { DomainEvents } from '../events/domain-events';
import { adminAccountsRepository } from './admin-accounts.repository';
import { adminUsersRepository } from './admin-users.repository';

/** The parts of better-auth's internal adapter this service uses. */
export interface AuthInternals {
  createVerificationValue(data: { identifier: string; value: string; expiresAt: Date }): Promise<unknown>;
  deleteUser(userId: string): Promise<void>;
}

/** How many admin actions the detail shows. */
const ACTIONS_SHOWN = 20;

const FACTOR_NAMES: Record<AdminFactor['kind'], [en: string, zh: string]> = {
  totp: ['authenticator app', '身份验证器应用'],
  phone: ['phone number', '手机号码'],
  webauthn: ['passkey', '通行密钥'],
};

/**
 * An account in detail for admins (sign-in methods, factors, sessions) and what admins may do to it:
 * remove a factor, make a one-time sign-in link, delete the account at once. Every action is
 * recorded in the admin actions log; the person is mailed about each.
 */
export function createAdminAccountsService(
  db: Db,
  deps: {
    auth: () => Promise<AuthInternals>;
    /** Deletes an account and everything in it at once (the account-data module's); else better-auth's. */
    deleteAccountNow?: (userId: string) => Promise<void>;
    /** Publishes `session.revoked`: the user's cached sessions end in every process. */
    domainEvents: Pick<DomainEvents, 'publish'>;
    mailer?: Mailer;
    logger: Logger;
    publicUrl: string;
    appName: string;
  },
) {
  const repo = adminAccountsRepository(db);
  const users = adminUsersRepository(db);
  const { appName, publicUrl } = deps;

  async function existing(userId: string) {
    const user = await users.find(userId);
    if (!user) throw notFound('No user with this id');
    return user;
  }

  async function notify(to: string, subject: string, paragraphs: Array<[string, string]>) {
    if (!deps.mailer) return;
    await deps.mailer.send(
      actionMail({
        to,
        subject,
        appName,
        paragraphs,
        button: ['Account settings', '账户设置'],
        url: `${publicUrl}/settings/account`,
        footer: ['Questions? Reply to the site operators.', '如有疑问，请联系网站管理员。'],
      }),
    );
  }

  return {
    async get(userId: string) {
      const user = await existing(userId);
      const [account, sessionFacts, password, passkeyFactors, wallets, identities, actions, deletionScheduledFor] = await Promise.all([
        repo.account(userId),
        repo.sessionFacts(userId),
        repo.hasPassword(userId),
        repo.factors(userId),
        repo.wallets(userId),
        repo.identities(userId),
        repo.actions(userId, ACTIONS_SHOWN),
        repo.deletionScheduledFor(userId),
      ]);
      if (!account) throw notFound('No user with this id');
      return {
        user: {
          ...user,
          emailVerified: account.emailVerified,
          suspendedReason: user.suspended ? account.banReason : null,
          deletionScheduledFor,
          twoFactorEnabled: !!account.twoFactorEnabled,
          ...sessionFacts,
          signInMethods: {
            password,
            magicLink: true,
            passkeys: passkeyFactors.filter((f) => f.kind === 'webauthn').length,
            wallets,
            identities,
          },
          factors: passkeyFactors,
          actions,
        },
      };
    },

    async factors(userId: string) {
      await existing(userId);
      return { factors: await repo.factors(userId) };
    },

    /**
     * Removes an authenticator app, the phone or a passkey. Without a verified second factor left,
     * sign-in no longer asks for a code. The person is mailed a notice.
     */
    async removeFactor(actorId: string | null, input: { userId: string; factorId: string }) {
      const { userId, factorId } = input;
      const user = await existing(userId);
      const factor = (await repo.factors(userId)).find((f) => f.id === factorId);
      if (!factor) throw notFound('No factor with this id');
      const twoFactorEnabled = await db.transaction(async (tx) => {
        await lockKey(tx, `admin-user:${userId}`);
        const r = adminAccountsRepository(tx);
        const accounts = authAccounts(tx);
        const removed =
          factor.kind === 'totp'
            ? await accounts.deleteTotp(userId, factorId)
            : factor.kind === 'webauthn'
              ? await accounts.deletePasskey(userId, factorId)
              : (await accounts.clearPhone(userId), true);
        if (!removed) throw notFound('No factor with this id');
        const left = await r.hasVerifiedSecondFactor(userId);
        if (!left) await accounts.setTwoFactorEnabled(userId, false);
        await r.record({ actorId, userId, userEmail: user.email, action: 'factor_remove', note: `${factor.kind}${factor.name ? `: ${factor.name}` : ''}` });
        return left && !!(await r.account(userId))?.twoFactorEnabled;
      });
      const [en, zh] = FACTOR_NAMES[factor.kind];
      const named = factor.name ? ` (“${factor.name}”)` : '';
      await notify(user.email, `A sign-in factor was removed from your ${appName} account · ${appName} 账户的登录验证方式已被移除`, [
        [`The site's operators removed a ${en}${named} from your account.`, `网站管理员已从你的账户中移除了一个${zh}${named}。`],
        twoFactorEnabled
          ? ['Two-step sign-in stays on with your other factors.', '两步验证仍通过你的其他验证方式保持开启。']
          : [
              'Signing in no longer asks for a second step. You can set up a new factor in your account settings.',
              '登录不再需要第二步验证。你可以在账户设置中添加新的验证方式。',
            ],
      ]);
      deps.logger.info({ actorId, userId, kind: factor.kind }, 'admin: a factor was removed');
      return { factors: await repo.factors(userId), twoFactorEnabled };
    },

    /**
     * Deletes the account at once (no grace period): its sessions end in every process before the
     * answer. The typed confirmation must be the account's address. An admin cannot delete
     * themselves, nor the last admin.
     */
    async deleteUser(actorId: string, input: { userId: string; confirm: string }) {
      const { userId } = input;
      if (userId === actorId) throw new AppError(409, 'own_account', 'You cannot delete your own account here');
      const user = await existing(userId);
      if (input.confirm.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw badRequest('Type the account’s email address to confirm', { confirm: 'mismatch' });
      }
      await db.transaction(async (tx) => {
        await lockKey(tx, 'admin-roles');
        const r = adminAccountsRepository(tx);
        if (user.roles.includes('admin') && (await r.otherAdmins(userId)) === 0) throw conflict('last_admin', 'The last admin cannot be deleted');
        await r.record({ actorId, userId, userEmail: user.email, action: 'delete', note: user.handle ? `@${user.handle}` : '' });
        // Sessions first: nothing the person does from here on counts as theirs; the caller announces
        // the revocation to every process.
        await authAccounts(tx).deleteSessions(userId);
      });
      await deps.domainEvents.publish('session.revoked', { userId });
      if (deps.deleteAccountNow) await deps.deleteAccountNow(userId);
      else await (await deps.auth()).deleteUser(userId);
      await deps.domainEvents.publish('session.revoked', { userId });
      await notify(user.email, `Your ${appName} account was deleted · 你的 ${appName} 账户已被删除`, [
        [`The site's operators deleted your ${appName} account and what was in it.`, `网站管理员已删除你的 ${appName} 账户及其中的内容。`],
      ]);
      deps.logger.info({ actorId, userId }, 'admin: an account was deleted');
      return { deleted: true as const };
    },

    /**
     * A one-time sign-in link for the person (the magic-link plugin's token, verified by its own
     * endpoint), valid for 15 minutes, for the admin to hand over. Never written to a log; the
     * person is told by mail that one was made (the mail does not hold it).
     */
    async signInLink(actorId: string, input: { userId: string }) {
      const user = await existing(input.userId);
      if (user.suspended) throw conflict('user_suspended', 'A suspended account cannot sign in');
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + ADMIN_SIGN_IN_LINK_MINUTES * 60_000);
      await (
        await deps.auth()
      ).createVerificationValue({
        identifier: `magic-link:${token}`,
        value: JSON.stringify({ type: 'magic-link', email: user.email }),
        expiresAt,
      });
      await repo.record({ actorId, userId: user.id, userEmail: user.email, action: 'sign_in_link' });
      const url = new URL(`${API_PATHS.auth}/magic-link/verify`, publicUrl);
      url.searchParams.set('token', token);
      url.searchParams.set('callbackURL', '/');
      url.searchParams.set('errorCallbackURL', '/login');
      await notify(user.email, `A sign-in link was made for your ${appName} account · 已为你的 ${appName} 账户生成登录链接`, [
        [
          `The site's operators made a one-time sign-in link for your account (valid for ${ADMIN_SIGN_IN_LINK_MINUTES} minutes). If you did not ask them for one, tell them.`,
          `网站管理员为你的账户生成了一次性登录链接（${ADMIN_SIGN_IN_LINK_MINUTES} 分钟内有效）。如果你没有请求，请告知他们。`,
        ],
      ]);
      deps.logger.info({ actorId, userId: user.id }, 'admin: a sign-in link was made');
      return { url: url.toString(), expiresAt: expiresAt.toISOString() };
    },
  };
}
export type AdminAccountsService = ReturnType<typeof createAdminAccountsService>;
