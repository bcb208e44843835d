/**
 * Who may see what: the one place the rules live (spec part 2 §4, §6). Lists and pages of items,
 * and of people, apply them through the read pipeline (read.service.ts). Their SQL forms, for queries that filter
 * while they page, are in src/db/visibility.ts: `itemVisibleTo` (`itemAccess`), `profileVisibleTo`
 * (`profileVisible`), `notBlockedBetween` (`hiddenByBlock`), and `discoverable` (`listable` for the
 * anonymous viewer: explore's ranking, the sitemap).
 *
 * - A hidden item, and every item of a profile a moderator hid: only its owner and admins.
 * - An item of a private profile: only its owner.
 * - NSFW: lists leave it out unless the viewer asked for it; pages show it behind the viewer's gate.
 * - A block (either way) hides each side's comments, messages, notifications and mentions from the
 *   other (`hiddenByBlock`; in SQL, for lists that filter while they page, `notBlockedBetween` in
 *   src/db/visibility.ts); items stay visible.
 */
export type ItemAccess = 'visible' | 'removed' | 'private';

export interface ItemRules {
  userId: string;
  hidden: boolean;
  nsfw: boolean;
  /** The chosen image's id; an item without one is still a draft. */
  imageId: string | null;
  /** `hidden`: a moderator hid the owner's profile. Required: a caller that leaves it out would show a hidden person. */
  owner: { public: boolean; hidden: boolean };
}

export interface ViewerRules {
  id: string | null;
  isAdmin: boolean;
}

/** What this viewer may see of the item; others than "visible" get only the reason. In SQL: `itemVisibleTo`. */
export function itemAccess(item: Pick<ItemRules, 'userId' | 'hidden' | 'owner'>, viewer: ViewerRules): ItemAccess {
  const isOwner = viewer.id !== null && viewer.id === item.userId;
  if ((item.hidden || item.owner.hidden) && !isOwner && !viewer.isAdmin) return 'removed';
  if (!item.owner.public && !isOwner) return 'private';
  return 'visible';
}

/** Whether the rules need the viewer's roles for this item (only a hidden item, or a hidden profile's, of someone else). */
export const needsRoles = (item: Pick<ItemRules, 'userId' | 'hidden' | 'owner'>, viewerId: string | null) =>
  viewerId !== null && (item.hidden || item.owner.hidden) && item.userId !== viewerId;

export interface ListRules {
  /** Leave NSFW items out (explore without the viewer's consent). */
  excludeNsfw: boolean;
  /** Leave out items without a chosen image (drafts). */
  requireImage: boolean;
}

/** Whether an item belongs in a list shown to this viewer. */
export function listable(item: ItemRules, viewer: ViewerRules, rules: ListRules): boolean {
  if (itemAccess(item, viewer) !== 'visible') return false;
  if (rules.excludeNsfw && item.nsfw) return false;
  if (rules.requireImage && !item.imageId) return false;
  return true;
}

/** The anonymous viewer: what explore's shared (cross-viewer) cache may hold. */
export const EVERYONE: ViewerRules = { id: null, isAdmin: false };

/**
 * Whether a person's profile may be shown to, or found by, someone other than themselves: public,
 * and not hidden by a moderator. Every field is required, so that no caller can forget `hidden`.
 * In SQL: `profileVisibleTo`.
 */
export interface ProfileRules {
  userId: string;
  public: boolean;
  /** A moderator hid the profile. */
  hidden: boolean;
}
export const profileVisible = (profile: ProfileRules, viewerId: string | null) => (profile.public && !profile.hidden) || profile.userId === viewerId;

/**
 * What this viewer may see of a person (the people pipeline's access, as `itemAccess` is the items'):
 * `visible` when `profileVisible`; otherwise `private`, which is all anyone else learns of a private
 * profile or one a moderator hid.
 */
export type PersonAccess = 'visible' | 'private';
export const personAccess = (profile: ProfileRules, viewerId: string | null): PersonAccess => (profileVisible(profile, viewerId) ? 'visible' : 'private');

/** The people a viewer has a block with, either way (the viewer blocked them, or they the viewer). */
export interface BlockRules {
  blocked: ReadonlySet<string>;
}
export const NO_BLOCKS: BlockRules = { blocked: new Set() };
/**
 * Whether what `authorId` wrote or did (a comment, a message, a notification's act, a mention) is
 * hidden from this viewer because of a block between them, either way.
 */
export const hiddenByBlock = (authorId: string | null, viewer: BlockRules) => authorId !== null && viewer.blocked.has(authorId);

/** An item that shows a stored image (as its composite, a photo or a photo's cut-out). */
export type ImageItemRules = Pick<ItemRules, 'userId' | 'hidden' | 'owner'> & { hiddenSource: 'dmca' | 'other' | null };

/** A wanted-list entry that shows a stored image as its reference photo: whether the entry is public, and its owner's profile. */
export interface ImageWantedRules {
  public: boolean;
  owner: ProfileRules;
}

/**
 * What decides who may fetch a stored image: the items that show it, for an avatar (an image
 * uploaded as one, chosen or not) the profile of the person who uploaded it (null when they have none),
 * and the wanted-list entries that show it as their reference photo.
 */
export interface ImageRules {
  items: ImageItemRules[];
  avatarOf: ProfileRules | null;
  wanted: ImageWantedRules[];
}

/**
 * Who may fetch a stored image: `everyone` when nothing governs it (an upload not placed yet), an
 * item everyone may see shows it, or it is the avatar of a profile everyone may see; otherwise only
 * those who may see one of its items or the avatar's profile (owner, admins) and moderators:
 * `viewer` for them, `dmca` for others when an item was taken down by a DMCA notice (451), `denied`
 * for the rest (404: hidden for another reason, a private profile's item, or the avatar of a private
 * or hidden person, whom no one but its owner may see). A wanted entry's reference photo follows its
 * entry: everyone's when the entry is public on a profile everyone may see, otherwise its owner's (and
 * moderators') alone.
 */
export type ImageAccess = 'everyone' | 'viewer' | 'dmca' | 'denied';

export async function imageAccess(image: ImageRules, viewer: () => Promise<ViewerRules & { isModerator: boolean }>): Promise<ImageAccess> {
  const { items: refs, avatarOf, wanted } = image;
  if (!refs.length && !avatarOf && !wanted.length) return 'everyone';
  if (
    refs.some((r) => itemAccess(r, EVERYONE) === 'visible') ||
    (avatarOf && profileVisible(avatarOf, null)) ||
    wanted.some((w) => w.public && profileVisible(w.owner, null))
  )
    return 'everyone';
  const v = await viewer();
  // Moderators (admins too) review reported and noticed items and profiles with their images, whatever their state.
  if (
    v.id !== null &&
    (v.isModerator ||
      refs.some((r) => itemAccess(r, v) === 'visible') ||
      (avatarOf && profileVisible(avatarOf, v.id)) ||
      wanted.some((w) => w.owner.userId === v.id))
  )
    return 'viewer';
  return refs.some((r) => r.hidden && r.hiddenSource === 'dmca') ? 'dmca' : 'denied';
}
