import type { OnboardingInput, Profile, ProfileGetResult, ProfileMe, ProfileShelf } from '@curio/contract';
import { VALIDATION_MESSAGES } from '@curio/contract';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { isUniqueViolation } from '../../db/types';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { CreditsService } from '../credits/credits.service';
import type { DomainEvents } from '../events/domain-events';
import type { InvitesService } from '../invites/invites.service';
import type { RolesService } from '../roles/roles.service';
import { itemRecords } from '../items/item-records.service';
import { mapShelf, shelfRecords } from '../shelves/shelves.service';
import { createReadService } from '../read/read.service';
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

const handleTaken = () => conflict('handle_taken', VALIDATION_MESSAGES.handleTaken, { handle: 'taken' });

export function createProfilesService(
  db: Db,
  deps: {
    roles: RolesService;
    credits: CreditsService;
    invites: InvitesService;
    settings: SiteSettingsService;
    /**
     * Publishes, in the change's transaction, `profile.visibility` (an existing profile went public or private) or
     * else `profile.shown` (what items show of their owner changed: name, handle, avatar).
     */
    domainEvents: DomainEvents;
  },
) {
  const repo = profilesRepository(db);
  const read = createReadService(db);

  /**
   * The owner's shelf as a visitor sees it, read-only: the layout, the placed items with their chosen
   * images and the overflow list, through the read pipeline (hidden items only to their owner and
   * admins; drafts never).
   */
  async function visitedShelf(ownerId: string, viewerId: string | null): Promise<ProfileShelf | null> {
    const shelf = await shelfRecords(db).findByUser(ownerId);
    if (!shelf) return null;
    const [placeable, arrangements] = await Promise.all([itemRecords(db).listPlaceable(shelf.id), shelfRecords(db).arrangements(shelf.id)]);
    const visible = await read.list(
      placeable.map((i) => i.id),
      viewerId,
      { excludeNsfw: false, requireImage: true },
    );
    const byId = new Map(visible.map(({ item }) => [item.id, item]));
    const card = (id: string) => {
      const item = byId.get(id)!;
      return { id, title: item.title, imageId: item.imageId!, altText: item.altText, nsfw: item.nsfw };
    };
    const arranged = new Set(arrangements.map((a) => a.itemId));
    const placed = arrangements
      .filter((a) => !a.overflow && byId.has(a.itemId) && a.col < shelf.cols && a.row < shelf.rows)
      .map((a) => ({ ...card(a.itemId), col: a.col, row: a.row }));
    const placedIds = new Set(placed.map((p) => p.id));
    const overflow = [
      ...arrangements.filter((a) => byId.has(a.itemId) && !placedIds.has(a.itemId)).map((a) => card(a.itemId)),
      ...placeable.filter((i) => byId.has(i.id) && !arranged.has(i.id)).map((i) => card(i.id)),
    ];
    return { layout: { cols: shelf.cols, rows: shelf.rows }, placed, overflow };
  }

  /** Stores a change of the own profile; a change of visibility is announced as onboarding does. */
  async function write(userId: string, set: Parameters<ReturnType<typeof profilesRepository>['update']>[1]) {
    const existing = await repo.findByUser(userId);
    if (!existing) throw notFound('Complete your profile first');
    const visibilityChanged = set.public !== undefined && set.public !== existing.public;
    const shownChanged = ownerShownChanged(existing, set);
    try {
      const row = await deps.domainEvents.transaction(db, async (tx, publish) => {
        const updated = await profilesRepository(tx).update(userId, set);
        if (visibilityChanged) await publish('profile.visibility', { userId, public: set.public! });
        else if (shownChanged) await publish('profile.shown', { userId });
        return updated!;
      });
      return { profile: mapProfile(row) };
    } catch (err) {
      if (isUniqueViolation(err, 'profiles_handle_key')) throw handleTaken();
      throw err;
    }
  }

  return {
    /**
     * A profile page (`profile-get`): the person, their counts, the viewer's relation to them and
     * their shelf. A private profile seen by someone else answers only that it is private; an unknown
     * handle is 404. The person, their counts and the viewer's relation come from the read pipeline's
     * `person` (one query, and one more for someone else signed in); then the shelf.
     */
    async get(handle: string, viewerId: string | null): Promise<ProfileGetResult> {
      const view = await read.person({ handle }, viewerId);
      if (!view) throw notFound('Profile not found');
      const { person, access, state } = view;
      if (access !== 'visible') return { access: 'private', handle: person.handle };
      const shelf = await visitedShelf(person.userId, viewerId);
      return {
        access: 'visible',
        profile: {
          userId: person.userId,
          handle: person.handle,
          displayName: person.displayName,
          avatarImageId: person.avatarImageId,
          bio: person.bio,
          public: person.public,
          followersCount: person.followersCount,
          followingCount: person.followingCount,
        },
        viewer: {
          signedIn: viewerId !== null,
          isOwner: viewerId === person.userId,
          following: state.following,
          followsYou: state.followsYou,
          blocking: state.blocking,
          canMessage: state.canMessage,
        },
        shelf,
      };
    },

    /** `profile-update`: display name, bio, visibility and avatar (an avatar image the user uploaded). */
    async update(userId: string, input: { displayName?: string; bio?: string | null; public?: boolean; avatarImageId?: string | null }) {
      const set: Parameters<typeof write>[1] = {};
      if (input.displayName !== undefined) set.displayName = input.displayName;
      if (input.bio !== undefined) set.bio = input.bio;
      if (input.public !== undefined) set.public = input.public;
      if (input.avatarImageId !== undefined) {
        if (input.avatarImageId !== null && !(await repo.ownsAvatar(userId, input.avatarImageId))) {
          throw badRequest('Upload the avatar first', { avatarImageId: 'invalid_value' });
        }
        set.avatarImageId = input.avatarImageId;
      }
      return write(userId, set);
    },

    /** `profile-handle-change`: the onboarding rules; a handle in use is `handle_taken`. */
    async changeHandle(userId: string, handle: string) {
      const owner = await repo.findByHandle(handle);
      if (owner && owner.userId !== userId) throw handleTaken();
      return write(userId, { handle });
    },

    async me(userId: string): Promise<ProfileMe> {
      const [profile, roles, shelf, credits, inviteRedeemed, tester] = await Promise.all([
        repo.findByUser(userId),
        deps.roles.list(userId),
        shelfRecords(db).findByUser(userId),
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
      const shownChanged = !!existing && ownerShownChanged(existing, data);
      try {
        const result = await deps.domainEvents.transaction(db, async (tx, publish) => {
          const profile = await profilesRepository(tx).upsert(userId, data);
          const shelf = await shelfRecords(tx).ensureForUser(userId);
          if (visibilityChanged) await publish('profile.visibility', { userId, public: input.public });
          else if (shownChanged) await publish('profile.shown', { userId });
          return { profile: mapProfile(profile), shelfId: mapShelf(shelf).id };
        });
        return result;
      } catch (err) {
        if (isUniqueViolation(err, 'profiles_handle_key')) throw handleTaken();
        throw err;
      }
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;

/** Whether a write changes what items show of their owner (the item page's and cards' name, handle and avatar). */
function ownerShownChanged(
  existing: { handle: string; displayName: string; avatarImageId: string | null },
  set: { handle?: string; displayName?: string; avatarImageId?: string | null },
) {
  return (
    (set.handle !== undefined && set.handle !== existing.handle) ||
    (set.displayName !== undefined && set.displayName !== existing.displayName) ||
    (set.avatarImageId !== undefined && set.avatarImageId !== existing.avatarImageId)
  );
}

/**
 * What other modules may change of a profile (account deletion, settings, moderation), on `db`: the
 * database or the caller's transaction.
 */
export function profileWrites(db: Executor) {
  const repo = profilesRepository(db);
  return {
    /** Hides or shows the user's profile. */
    setHiddenByUser: (userId: string, hidden: boolean) => repo.setHiddenByUser(userId, hidden),
    /** Hides or shows the profile with this id. */
    setHiddenById: (profileId: string, hidden: boolean) => repo.setHiddenById(profileId, hidden),
    /** Makes the user's profile public or private. */
    setPublic: (userId: string, value: boolean) => repo.setPublic(userId, value),
  };
}

/** A profile as other modules look it up (blocks, follows, moderation), on `db`: the database or the caller's transaction. */
export function profileReads(db: Executor) {
  const repo = profilesRepository(db);
  return {
    findByUser: (userId: string) => repo.findByUser(userId),
    findByHandle: (handle: string) => repo.findByHandle(handle),
  };
}
