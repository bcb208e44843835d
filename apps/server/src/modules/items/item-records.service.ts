import type { Executor } from '../../db/types';
import { itemsRepository, photosRepository, type PhotoRow } from './items.repository';

export type { PhotoRow };

/**
 * What other modules read and change of items and their photos (shelves, profiles, cutouts,
 * moderation, DMCA): the items module owns these tables. Each runs on `db`, the database or the
 * caller's transaction.
 */
export function itemRecords(db: Executor) {
  const items = itemsRepository(db);
  const photos = photosRepository(db);
  return {
    find: (itemId: string) => items.find(itemId),
    /** Items of a shelf that have a chosen image, oldest first, with that image's id. */
    listPlaceable: (shelfId: string) => items.listPlaceable(shelfId),
    /** A moderator hides the item (source `other`) or shows it again. */
    setHiddenByModerator: (itemId: string, hidden: boolean) => items.setHiddenByModerator(itemId, hidden),
    /** Hides the item as a DMCA takedown; answers its owner, or null when there is no such item. */
    hideForDmca: (itemId: string) => items.hideForDmca(itemId),
    findPhoto: (photoId: string) => photos.find(photoId),
    listPendingCutouts: () => photos.listPendingCutouts(),
    finishCutout: (...args: Parameters<typeof photos.finishCutout>) => photos.finishCutout(...args),
  };
}
