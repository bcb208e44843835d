import { and, eq, isNotNull } from 'drizzle-orm';
import { accounts, twoFactors, users } from '../../db/schema';
import type { Executor } from '../../db/types';

export interface MfaRow {
  twoFactorEnabled: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  totp: { name: string | null; verified: boolean } | null;
  hasPassword: boolean;
}

export function mfaRepository(db: Executor) {
  return {
    async get(userId: string): Promise<MfaRow | null> {
      const [user] = await db
        .select({ twoFactorEnabled: users.twoFactorEnabled, phoneNumber: users.phoneNumber, phoneNumberVerified: users.phoneNumberVerified })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return null;
      const [factor] = await db.select({ name: twoFactors.name, verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
      const [password] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
        .limit(1);
      return {
        twoFactorEnabled: user.twoFactorEnabled ?? false,
        phoneNumber: user.phoneNumber ?? null,
        phoneNumberVerified: user.phoneNumberVerified ?? false,
        totp: factor ? { name: factor.name ?? null, verified: factor.verified !== false } : null,
        hasPassword: !!password,
      };
    },
  };
}
