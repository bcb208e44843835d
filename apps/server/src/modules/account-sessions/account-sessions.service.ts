import type { AccountSession, SessionPlace } from '@curio/contract';
import { authAccounts } from '../../auth/accounts.service';
import type { DomainEvents } from '../events/domain-events';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import { newSignInMail } from '../../mail/templates-account';
import { accountSessionsRepository } from './account-sessions.repository';
import { addressClass, deviceKey, parseUserAgent } from './user-agent';

/** Where the new-sign-in mail's button leads. */
export const ACCOUNT_SETTINGS_PAGE = '/settings/account';

/** The session token of a request: its session cookie (`token.signature`) or bearer token. */
export function sessionTokenOf(headers: Headers): string | null {
  const cookie = headers.get('cookie') ?? '';
  const match = /(?:^|;)\s*(?:__Secure-)?[\w.-]*session_token=([^;]*)/.exec(cookie);
  let raw = match?.[1] ?? '';
  if (!raw) {
    const bearer = /^Bearer\s+(.+)$/i.exec(headers.get('authorization') ?? '');
    raw = bearer?.[1] ?? '';
  }
  if (!raw) return null;
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return raw.split('.')[0] || null;
}

function placeOf(ip: string | null, callerIp: string | null): SessionPlace {
  if (ip && callerIp && ip === callerIp) return 'this_network';
  const cls = addressClass(ip);
  return cls;
}

export function createAccountSessionsService(
  db: Db,
  deps: { domainEvents: Pick<DomainEvents, 'publish'>; mailer?: Mailer; logger: Logger; publicUrl: string; appName: string },
) {
  const repo = accountSessionsRepository(db);
  return {
    /** The caller's sessions: device, place by address class, last use; the caller's own marked. */
    async list(userId: string, caller: { headers: Headers; clientIp: string | null }): Promise<{ sessions: AccountSession[] }> {
      const current = sessionTokenOf(caller.headers);
      const rows = await repo.listActive(userId);
      const sessions = rows.map((row) => {
        const ua = parseUserAgent(row.userAgent);
        return {
          id: row.id,
          browser: ua.browser,
          os: ua.os,
          mobile: ua.mobile,
          place: placeOf(row.ipAddress, caller.clientIp),
          ipAddress: row.ipAddress,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: (row.updatedAt > row.createdAt ? row.updatedAt : row.createdAt).toISOString(),
          current: current !== null && row.token === current,
        };
      });
      // The caller's own session first.
      sessions.sort((a, b) => Number(b.current) - Number(a.current));
      return { sessions };
    },

    /** Ends one of the caller's sessions; its next request (in any process) finds no session. */
    async revoke(userId: string, id: string): Promise<{ revoked: boolean }> {
      const revoked = await authAccounts(db).deleteSession(userId, id);
      if (revoked) await deps.domainEvents.publish('session.revoked', { userId });
      return { revoked };
    },

    /**
     * After better-auth created a session: a device (browser, system, address class) the person has
     * not signed in from gets a notice by mail; their very first one (sign-up) does not.
     */
    async sessionCreated(session: { userId: string; ipAddress?: string | null; userAgent?: string | null; impersonatedBy?: string | null }) {
      if (session.impersonatedBy) return;
      const { added, first } = await repo.seeDevice(session.userId, deviceKey(session.userAgent, session.ipAddress));
      if (!added || first || !deps.mailer) return;
      const to = await repo.email(session.userId);
      if (!to) return;
      const ua = parseUserAgent(session.userAgent);
      try {
        await deps.mailer.send(
          newSignInMail({
            to,
            browser: ua.browser,
            os: ua.os,
            ip: session.ipAddress ?? null,
            when: new Date(),
            url: `${deps.publicUrl}${ACCOUNT_SETTINGS_PAGE}`,
            appName: deps.appName,
          }),
        );
      } catch (err) {
        deps.logger.error({ err, userId: session.userId }, 'could not send the new sign-in notice');
      }
    },
  };
}
export type AccountSessionsService = ReturnType<typeof createAccountSessionsService>;
