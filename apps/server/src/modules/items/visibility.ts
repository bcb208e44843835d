/**
 * Who may see an item (spec part 2 §4, §6): a hidden item only its owner and admins; an item of a
 * private profile only its owner. Everyone else gets the reason, so the page can say the right thing.
 */
export type ItemAccess = 'visible' | 'removed' | 'private';

export function itemAccess(
  item: { userId: string; hidden: boolean },
  ownerPublic: boolean,
  viewer: { id: string | null; isAdmin: boolean },
): ItemAccess {
  const isOwner = viewer.id !== null && viewer.id === item.userId;
  if (item.hidden && !isOwner && !viewer.isAdmin) return 'removed';
  if (!ownerPublic && !isOwner) return 'private';
  return 'visible';
}
