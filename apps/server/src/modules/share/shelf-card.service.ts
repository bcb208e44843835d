import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Storage } from '../../storage/storage';
import { blockReads } from '../blocks/blocks.service';
import type { ImagesService } from '../images/images.service';
import type { ProfilesService } from '../profiles/profiles.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { SHELF_CARD, shelfCardContent, shelfCardPath, shelfCardsFolder, shelfCardVersion, type ShelfCardContent } from './shelf-card';
import { renderShelfCard } from './shelf-card.render';

/** Renders of one shelf's preview an hour, in every process together (a new picture per change of the shelf). */
export const SHELF_CARD_RENDERS_PER_HOUR = 30;
/** Renders one process runs at once (the others wait their turn), and how many may wait before the next is refused. */
const RENDERS_AT_ONCE = 1;
const RENDERS_WAITING = 8;

/** What an address of a shelf's preview answers. */
export type ShelfCardAnswer =
  | { kind: 'image'; bytes: Buffer }
  /** An older (or mistyped) version of a shelf that has a preview: the current one's path. */
  | { kind: 'moved'; path: string }
  | { kind: 'none' };

const folderOf = shelfCardsFolder;
const keyOf = (userId: string, version: string) => `${folderOf(userId)}/${version}.${SHELF_CARD.ext}`;

/**
 * Shelves' link previews: the picture of a shelf as a guest sees it, rendered once per version and kept
 * in the shared image store (`share-cards/{userId}/{version}.png`, so every process serves what one of
 * them rendered). A version is a hash of what the picture shows (shelf-card.ts): a changed shelf has a new
 * address, and the older pictures of that shelf are removed once the new one is stored. Two processes asked
 * for a new version at once may both render it: the same content gives the same bytes, and the store's
 * writes replace an object whole. Renders are bounded per shelf (SHELF_CARD_RENDERS_PER_HOUR, counted in
 * the database) and per process (one at a time, a short queue).
 */
export function createShelfCardsService(
  db: Db,
  deps: {
    profiles: Pick<ProfilesService, 'get'>;
    images: Pick<ImagesService, 'read'>;
    storage: Storage;
    rateLimits: Pick<RateLimitsService, 'hit'>;
    logger: Logger;
    appName: string;
    rendersPerHour?: number;
  },
) {
  const rendersPerHour = deps.rendersPerHour ?? SHELF_CARD_RENDERS_PER_HOUR;
  /** Renders under way in this process, by storage key: a second request for one waits for the first. */
  const underWay = new Map<string, Promise<Buffer>>();
  let running = 0;
  const queue: (() => void)[] = [];
  const stats = { rendered: 0, served: 0 };

  /** A turn to render (RENDERS_AT_ONCE at a time); a full queue is a 503 to come back later. */
  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= RENDERS_AT_ONCE) {
      if (queue.length >= RENDERS_WAITING)
        throw new AppError(503, 'unavailable', 'Busy drawing previews — try again shortly', undefined, { 'Retry-After': '5' });
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    running++;
    try {
      return await work();
    } finally {
      running--;
      queue.shift()?.();
    }
  }

  /**
   * The preview of a handle's shelf as it is now: its content, version and owner; null when there is none
   * for this viewer (no such handle, a private or hidden profile, a block either way with a signed-in viewer).
   */
  async function current(handle: string, viewerId: string | null): Promise<{ userId: string; content: ShelfCardContent; version: string } | null> {
    const profile = await deps.profiles.get(handle.toLowerCase(), null).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    });
    const content = profile && shelfCardContent(profile);
    if (!profile || profile.access !== 'visible' || !content) return null;
    const userId = profile.profile.userId;
    if (viewerId && viewerId !== userId) {
      const { aBlockedB, bBlockedA } = await blockReads(db).between(viewerId, userId);
      if (aBlockedB || bBlockedA) return null;
    }
    return { userId, content, version: shelfCardVersion(content) };
  }

  async function render(userId: string, content: ShelfCardContent, version: string): Promise<Buffer> {
    const key = keyOf(userId, version);
    await deps.rateLimits.hit('shelf-card', userId, {
      max: rendersPerHour,
      windowSeconds: 3600,
      message: 'This shelf changed too often for its preview — try again later',
    });
    return turn(async () => {
      // Rendered by another process while this one waited?
      const stored = await deps.storage.get(key);
      if (stored) return stored;
      const started = performance.now();
      const bytes = await renderShelfCard(content, { appName: deps.appName, image: (imageId) => deps.images.read(imageId, 'thumb') });
      await deps.storage.put(key, bytes, SHELF_CARD.type);
      stats.rendered++;
      deps.logger.info({ userId, version, items: content.cells.length, ms: Math.round(performance.now() - started) }, 'shelf preview rendered');
      await prune(userId, key);
      return bytes;
    });
  }

  /** Removes the shelf's other (older) pictures; a failure leaves them for the next render. */
  async function prune(userId: string, keep: string) {
    try {
      for await (const page of deps.storage.list(folderOf(userId))) {
        for (const { key } of page) if (key !== keep && key.endsWith(`.${SHELF_CARD.ext}`)) await deps.storage.delete(key);
      }
    } catch (err) {
      deps.logger.warn({ err, userId }, 'older shelf previews not removed');
    }
  }

  return {
    current,

    /**
     * What `/s/shelf/{handle}/{version}.png` answers: the picture of that version when it is the current
     * one (stored, or rendered now and stored), the current version's path for any other version, and
     * nothing for a shelf without a preview (whatever version is asked).
     */
    async card(handle: string, version: string, viewerId: string | null): Promise<ShelfCardAnswer> {
      const now = await current(handle, viewerId);
      if (!now) return { kind: 'none' };
      if (version !== now.version) return { kind: 'moved', path: shelfCardPath(now.content) };
      const key = keyOf(now.userId, now.version);
      const stored = await deps.storage.get(key);
      if (stored) {
        stats.served++;
        return { kind: 'image', bytes: stored };
      }
      let rendering = underWay.get(key);
      if (!rendering) {
        rendering = render(now.userId, now.content, now.version).finally(() => underWay.delete(key));
        underWay.set(key, rendering);
      }
      return { kind: 'image', bytes: await rendering };
    },

    /** How many pictures this process rendered and served from the store (tests, logs). */
    stats: () => ({ ...stats }),
  };
}
export type ShelfCardsService = ReturnType<typeof createShelfCardsService>;
