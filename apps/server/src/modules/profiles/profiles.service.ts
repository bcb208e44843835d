import type { OnboardingInput, Profile, ProfileMe } from '@curio/contract';
import { VALIDATION_MESSAGES } from '@curio/contract';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { isUniqueViolation } from '../../db/types';
import { AppError, conflict } from '../../lib/errors';
import type { CreditsService } from '../credits/credits.service';
import type { InvitesService } from '../invites/invites.service';
import type { RolesService } from '../roles/roles.service';
import { mapShelf } from '../shelves/shelves.service';
import { shelvesRepository } from '../shelves/shelves.repository';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import { profilesRepository, type ProfileRow, type ProfileWrite } from './profiles.repository';

export const mapProfile = (row: ProfileRow): Profile => ({
  id: row.id,
  userId: row.userId,
  handle: row.handle,
  displayName: row.displayName,
  bio: row.bio,
  public: row.public,
  avatarImageId: row.avatarImageId,
});

const handleTaken = () => conflict('handle_taken', VALIDATION_MESSAGES.handleTaken, { handle: VALIDATION_MESSAGES.handleTaken });

export function createProfilesService(
  db: Db,
  deps: {
    roles: RolesService;
    credits: CreditsService;
    invites: InvitesService;
    settings: SiteSettingsService;
    /** Runs after an existing profile's visibility changed (this process's caches). */
    onVisibilityChange?: () => void;
    /** Records that change in its transaction, so that every process hears of it. */
    recordVisibilityChange?: (tx: Executor, change: { userId: string; public: boolean }) => Promise<void>;
  },
) {
  const repo = profilesRepository(db);
  return {
    async me(userId: string): Promise<ProfileMe> {
      const [profile, roles, shelf, credits, inviteRedeemed, tester] = await Promise.all([
        repo.findByUser(userId),
        deps.roles.list(userId),
        shelvesRepository(db).findByUser(userId),
        deps.credits.balance(userId),
        deps.invites.hasRedeemed(userId),
        repo.isTester(userId),
      ]);
      return {
        profile: profile ? mapProfile(profile) : null,
        roles,
        shelfId: shelf?.id ?? null,
        credits,
        inviteRedeemed,
        tester,
      };
    },

    /**
     * Creates or updates the profile and, the first time, the shelf. While the beta is closed a
     * user needs a redeemed code first (admins and users who already have a profile excepted).
     */
    async completeOnboarding(userId: string, input: Required<Omit<OnboardingInput, 'bio'>> & { bio: string | null }) {
      const existing = await repo.findByUser(userId);
      if (!existing) {
        const { betaOpen } = await deps.settings.get();
        if (!betaOpen && !(await deps.invites.hasRedeemed(userId)) && !(await deps.roles.hasRole(userId, 'admin'))) {
          throw new AppError(403, 'invite_required', 'An invite code is needed while the beta is closed');
        }
      }
      const owner = await repo.findByHandle(input.handle);
      if (owner && owner.userId !== userId) throw handleTaken();

      const data: ProfileWrite = { handle: input.handle, displayName: input.displayName, bio: input.bio, public: input.public };
      const visibilityChanged = existing !== null && existing !== undefined && existing.public !== input.public;
      try {
        const result = await db.transaction(async (tx) => {
          const profile = await profilesRepository(tx).upsert(userId, data);
          const shelf = await shelvesRepository(tx).ensureForUser(userId);
          if (visibilityChanged) await deps.recordVisibilityChange?.(tx, { userId, public: input.public });
          return { profile: mapProfile(profile), shelfId: mapShelf(shelf).id };
        });
        if (visibilityChanged) deps.onVisibilityChange?.();
        return result;
      } catch (err) {
        if (isUniqueViolation(err, 'profiles_handle_key')) throw handleTaken();
        throw err;
      }
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
