import type { AccountMfaStatus } from '@curio/contract';
import { authAccounts } from '../../auth/accounts.service';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { mfaRepository } from './mfa.repository';

/**
 * What the account page shows of a person's second factors, and the name of their authenticator app
 * (better-auth's two-factor plugin has no name; enrolment, verification and removal are its endpoints).
 */
export function createMfaService(db: Db, deps: { smsAvailable: boolean }) {
  const repo = mfaRepository(db);
  const service = {
    async get(userId: string): Promise<AccountMfaStatus> {
      const row = await repo.get(userId);
      if (!row) throw notFound('No such user');
      const verifiedTotp = row.totp?.verified ?? false;
      return {
        enabled: row.twoFactorEnabled && (verifiedTotp || row.phoneNumberVerified),
        totp: row.totp,
        phone: row.phoneNumber ? { number: row.phoneNumber, verified: row.phoneNumberVerified } : null,
        smsAvailable: deps.smsAvailable,
        hasPassword: row.hasPassword,
      };
    },
    async rename(userId: string, name: string): Promise<AccountMfaStatus> {
      if (!(await authAccounts(db).renameTotp(userId, name))) throw notFound('No authenticator app is set up');
      return service.get(userId);
    },
  };
  return service;
}
export type MfaService = ReturnType<typeof createMfaService>;
