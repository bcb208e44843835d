import type { SettingsUpdate } from '@curio/contract';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../events/domain-events';
import { profileWrites } from '../profiles/profiles.service';
import { settingsRepository } from './settings.repository';

/** A user's privacy settings with the spec's defaults (NSFW off, DMs from everyone, public, analytics on). */
export function createSettingsService(
  db: Db,
  deps: {
    /**
     * Publishes, in the change's transaction, `profile.visibility` (the profile went public or private) and
     * `profile.dm-setting` (who may message the user: the item pages' Message button).
     */
    domainEvents: DomainEvents;
  },
) {
  const repo = settingsRepository(db);
  const service = {
    async includeNsfw(userId: string | null): Promise<boolean> {
      if (!userId) return false;
      return (await repo.get(userId))?.includeNsfw ?? false;
    },
    async get(userId: string) {
      const [row, profilePublic, blocked] = await Promise.all([repo.get(userId), repo.profilePublic(userId), repo.blocked(userId)]);
      return {
        settings: {
          include_nsfw: row?.includeNsfw ?? false,
          allow_dms: row?.allowDms ?? 'everyone',
          analytics_opt_out: row?.analyticsOptOut ?? false,
        },
        profilePublic: profilePublic ?? true,
        blockedUsers: blocked.map((b) => ({
          blocked_id: b.blockedId,
          profiles: { display_name: b.displayName ?? '', handle: b.handle ?? '', avatar_image_id: b.avatarImageId ?? null },
        })),
      };
    },
    async update(userId: string, input: SettingsUpdate) {
      const set: Parameters<typeof repo.upsert>[1] = {};
      if (input.includeNSFW !== undefined) set.includeNsfw = input.includeNSFW;
      if (input.allowDMs !== undefined) set.allowDms = input.allowDMs;
      if (input.analyticsOptOut !== undefined) set.analyticsOptOut = input.analyticsOptOut;
      if (Object.keys(set).length) {
        const current = set.allowDms !== undefined ? await repo.get(userId) : null;
        const dmSettingChanged = set.allowDms !== undefined && set.allowDms !== (current?.allowDms ?? 'everyone');
        await deps.domainEvents.transaction(db, async (tx, publish) => {
          await settingsRepository(tx).upsert(userId, set);
          if (dmSettingChanged) await publish('profile.dm-setting', { userId, allowDms: set.allowDms! });
        });
      }
      if (input.profilePublic !== undefined) {
        const value = input.profilePublic;
        await deps.domainEvents.transaction(db, async (tx, publish) => {
          await profileWrites(tx).setPublic(userId, value);
          await publish('profile.visibility', { userId, public: value });
        });
      }
      return service.get(userId);
    },
  };
  return service;
}
export type SettingsService = ReturnType<typeof createSettingsService>;
