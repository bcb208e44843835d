import { and, desc, eq, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { AdminAccountAction, AdminAccountActionEntry, AdminFactor } from '@curio/contract';
import { accountDeletions, accounts, adminAccountActions, passkeys, sessions, twoFactors, userRoles, users, walletAddresses } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Providers that are not external identities: the password, and Ethereum (listed as wallets). */
const OWN_PROVIDERS = ['credential', 'siwe'];

/** `+8613812345678` → `+86 ••• 5678`: enough to tell numbers apart in the admin panel. */
export const maskPhone = (phone: string) => (phone.length > 6 ? `${phone.slice(0, 3)} ••• ${phone.slice(-4)}` : '•••');

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The account-security side of one user (methods, factors, sessions) and the admin actions log. */
export function adminAccountsRepository(db: Executor) {
  return {
    /** Address, verification, suspension reason, two-factor flag and phone; null for no such user. */
    async account(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          emailVerified: users.emailVerified,
          banReason: users.banReason,
          twoFactorEnabled: users.twoFactorEnabled,
          phoneNumber: users.phoneNumber,
          phoneNumberVerified: users.phoneNumberVerified,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** The newest session's start and how many sessions have not expired. */
    async sessionFacts(userId: string) {
      const [row] = await db
        .select({
          last: sql<Date | string | null>`max(${sessions.createdAt})`,
          active: sql<number>`count(*) filter (where ${sessions.expiresAt} > now())::int`,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId));
      return { lastSignInAt: iso(row?.last), activeSessions: Number(row?.active ?? 0) };
    },

    /** When the person's scheduled deletion takes effect; null when none is scheduled. */
    async deletionScheduledFor(userId: string) {
      const [row] = await db
        .select({ scheduledFor: accountDeletions.scheduledFor })
        .from(accountDeletions)
        .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'scheduled')));
      return iso(row?.scheduledFor);
    },

    async hasPassword(userId: string) {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
        .limit(1);
      return !!row;
    },

    async identities(userId: string) {
      const rows = await db
        .select({ providerId: accounts.providerId, accountId: accounts.accountId, createdAt: accounts.createdAt })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), notInArray(accounts.providerId, OWN_PROVIDERS)))
        .orderBy(accounts.createdAt);
      return rows.map((r) => ({ providerId: r.providerId, accountId: r.accountId, createdAt: r.createdAt.toISOString() }));
    },

    async wallets(userId: string) {
      const rows = await db
        .select({ address: walletAddresses.address, chainId: walletAddresses.chainId })
        .from(walletAddresses)
        .where(eq(walletAddresses.userId, userId))
        .orderBy(walletAddresses.createdAt);
      return rows.map((r) => ({ address: r.address, chainId: r.chainId }));
    },

    /** Authenticator apps (TOTP), the phone and passkeys: the spec's totp, phone and webauthn factors. */
    async factors(userId: string): Promise<AdminFactor[]> {
      const [totp, keys, account] = await Promise.all([
        db
          .select({ id: twoFactors.id, name: twoFactors.name, verified: twoFactors.verified })
          .from(twoFactors)
          .where(eq(twoFactors.userId, userId))
          .orderBy(twoFactors.id),
        db
          .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt })
          .from(passkeys)
          .where(eq(passkeys.userId, userId))
          .orderBy(passkeys.createdAt, passkeys.id),
        this.account(userId),
      ]);
      const list: AdminFactor[] = totp.map((f) => ({ id: f.id, kind: 'totp', name: f.name, createdAt: null, verified: f.verified !== false }));
      if (account?.phoneNumber) {
        list.push({ id: 'phone', kind: 'phone', name: maskPhone(account.phoneNumber), createdAt: null, verified: !!account.phoneNumberVerified });
      }
      list.push(...keys.map((k) => ({ id: k.id, kind: 'webauthn' as const, name: k.name, createdAt: iso(k.createdAt), verified: true })));
      return list;
    },

    /** Whether a verified second factor (an authenticator app or a verified phone) is left. */
    async hasVerifiedSecondFactor(userId: string) {
      const [totp] = await db
        .select({ id: twoFactors.id })
        .from(twoFactors)
        .where(and(eq(twoFactors.userId, userId), ne(twoFactors.verified, false)))
        .limit(1);
      if (totp) return true;
      const account = await this.account(userId);
      return !!(account?.phoneNumber && account.phoneNumberVerified);
    },

    /** How many admins there are besides `userId`. */
    async otherAdmins(userId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(userRoles)
        .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, userId)));
      return Number(row?.n ?? 0);
    },

    async record(entry: { actorId: string | null; userId: string; userEmail: string; action: AdminAccountAction; note?: string }) {
      await db.insert(adminAccountActions).values({ ...entry, note: entry.note ?? '' });
    },

    /** The newest admin actions on one account, with the acting admin's address. */
    async actions(userId: string, limit: number): Promise<AdminAccountActionEntry[]> {
      const rows = await db
        .select({
          id: adminAccountActions.id,
          action: adminAccountActions.action,
          actorEmail: users.email,
          note: adminAccountActions.note,
          at: adminAccountActions.createdAt,
        })
        .from(adminAccountActions)
        .leftJoin(users, eq(users.id, adminAccountActions.actorId))
        .where(eq(adminAccountActions.userId, userId))
        .orderBy(desc(adminAccountActions.createdAt), desc(adminAccountActions.id))
        .limit(limit);
      return rows.map((r) => ({ id: r.id, action: r.action, actorEmail: r.actorEmail, note: r.note, at: r.at.toISOString() }));
    },
  };
}
