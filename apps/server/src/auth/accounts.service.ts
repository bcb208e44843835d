import type { Executor } from '../db/types';
import { authRepository } from './auth.repository';

/**
 * What other modules may change in better-auth's tables (the auth module owns them): sessions ended,
 * the user row's flags, a factor removed. Each call runs on `db`, the database or the caller's
 * transaction, so that it stays atomic with the caller's own writes.
 */
export function authAccounts(db: Executor) {
  const repo = authRepository(db);
  return {
    deleteSessions: (userId: string, keep?: string) => repo.deleteSessions(userId, keep),
    deleteSession: (userId: string, id: string) => repo.deleteSession(userId, id),
    deleteUser: (userId: string) => repo.deleteUser(userId),
    setRole: (userId: string, role: string) => repo.setRole(userId, role),
    mirrorRoles: (userId: string) => repo.mirrorRoles(userId),
    setTester: (userId: string, tester: boolean) => repo.setTester(userId, tester),
    setSuspended: (userId: string, suspended: boolean, reason: string | null) => repo.setSuspended(userId, suspended, reason),
    clearPhone: (userId: string) => repo.clearPhone(userId),
    setTwoFactorEnabled: (userId: string, enabled: boolean) => repo.setTwoFactorEnabled(userId, enabled),
    deleteTotp: (userId: string, id: string) => repo.deleteTotp(userId, id),
    renameTotp: (userId: string, name: string) => repo.renameTotp(userId, name),
    deletePasskey: (userId: string, id: string) => repo.deletePasskey(userId, id),
  };
}
export type AuthAccounts = ReturnType<typeof authAccounts>;
