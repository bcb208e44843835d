import type { AdminInvite, InviteRedeemResult } from '@curio/contract';
import { authAccounts } from '../../auth/accounts.service';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/types';
import { AppError, notFound } from '../../lib/errors';
import { creditWrites } from '../credits/credits.service';
import { generateInviteCode } from './invite-code';
import { invitesRepository, type InviteCodeRow, type InviteStatusFilter } from './invites.repository';

export const inviteErrors = {
  invalid: () => new AppError(400, 'invite_invalid', 'Invalid or expired invite code'),
  alreadyRedeemed: () => new AppError(409, 'invite_already_redeemed', "You've already redeemed a code"),
  fullyUsed: () => new AppError(409, 'invite_fully_used', 'This code has been fully used'),
};

export interface CreateInvitesInput {
  count: number;
  maxUses: number;
  expiresAt?: Date | null;
  grantTester?: boolean;
  grantCredits?: number;
  prefix?: string;
  notes?: string | null;
}

export type InviteStatus = 'active' | 'expired' | 'disabled';
export function inviteStatus(row: Pick<InviteCodeRow, 'status' | 'expiresAt'>, now = new Date()): InviteStatus {
  if (row.status === 'disabled' || row.status === 'expired') return row.status;
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

/** A code as the admin panel shows it. */
export function toAdminInvite(r: InviteCodeRow, now = new Date()): AdminInvite {
  return {
    id: r.id,
    code: r.code,
    prefix: r.prefix,
    maxUses: r.maxUses,
    usesCount: r.usesCount,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    grantTester: r.grantTester,
    grantCredits: r.grantCredits,
    notes: r.notes,
    status: inviteStatus(r, now),
    createdAt: r.createdAt.toISOString(),
  };
}

export function createInvitesService(db: Db, opts: { defaultPrefix: string }) {
  return {
    /** Redeems a code (already normalised upper-case) for a user: one code per user, grants once. */
    async redeem(userId: string, code: string): Promise<InviteRedeemResult> {
      try {
        return await db.transaction(async (tx) => {
          const repo = invitesRepository(tx);
          const row = await repo.findByCode(code);
          if (!row || inviteStatus(row) !== 'active') throw inviteErrors.invalid();
          if (await repo.userHasRedemption(userId)) throw inviteErrors.alreadyRedeemed();
          if (!(await repo.takeUse(row.id))) throw inviteErrors.fullyUsed();
          await repo.recordRedemption(row.id, userId);
          if (row.grantCredits > 0) await creditWrites(tx).add(userId, row.grantCredits, 'invite', row.id);
          if (row.grantTester) await authAccounts(tx).setTester(userId, true);
          return { redeemed: true as const, grantedCredits: row.grantCredits, tester: row.grantTester };
        });
      } catch (err) {
        // Two concurrent redemptions by one user: the unique index lets only one through.
        if (isUniqueViolation(err, 'invite_redemptions_user_key')) throw inviteErrors.alreadyRedeemed();
        throw err;
      }
    },
    hasRedeemed: (userId: string) => invitesRepository(db).userHasRedemption(userId),
    /** The expiry job: stores `expired` on active codes past their expiry (the status shown is the same). */
    expireCodes: (now = new Date()) => invitesRepository(db).markExpired(now),
    async create(input: CreateInvitesInput, createdBy: string | null) {
      const prefix = input.prefix ?? opts.defaultPrefix;
      const rows = Array.from({ length: input.count }, () => ({
        code: generateInviteCode(prefix),
        prefix,
        maxUses: input.maxUses,
        expiresAt: input.expiresAt ?? null,
        grantTester: input.grantTester ?? false,
        grantCredits: input.grantCredits ?? 0,
        notes: input.notes ?? null,
        createdBy,
      }));
      const created = await invitesRepository(db).insertMany(rows);
      return created.map((r) => toAdminInvite(r));
    },
    async list(input: { status: InviteStatusFilter; page: number; pageSize: number }) {
      const now = new Date();
      const repo = invitesRepository(db);
      const [{ rows, total }, counts] = await Promise.all([repo.list(input.status, input.page, input.pageSize, now), repo.countByStatus(now)]);
      return { codes: rows.map((r) => toAdminInvite(r, now)), total, page: input.page, pageSize: input.pageSize, counts };
    },
    /** Disabling is final: a disabled code is refused like an unknown one; its redemptions stay. */
    async disable(id: string): Promise<AdminInvite> {
      const row = await invitesRepository(db).disable(id);
      if (!row) throw notFound('No invite code with this id');
      return toAdminInvite(row);
    },
  };
}
export type InvitesService = ReturnType<typeof createInvitesService>;
