import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { ImagesService } from '../images/images.service';
import { photosRepository, type PhotoRow } from '../items/items.repository';
import type { WorkQueue } from './cutout-queue';
import type { Segmenter } from './segmenter';
import { simpleCut } from './simple-cut';

/** Cuts each photo's subject out once, in the background, and stores it as an image of its own. */
export function createCutoutsService(db: Db, deps: { images: ImagesService; segment: Segmenter; queue: WorkQueue; logger: Logger }) {
  const photos = photosRepository(db);
  const { images, segment, queue, logger } = deps;

  async function run(photoId: string) {
    const photo = await photos.find(photoId);
    if (!photo || photo.cutoutStatus !== 'pending') return;
    const master = await images.readMaster(photo.imageId);
    if (!master) return;
    const started = Date.now();
    try {
      const png = await segment(master);
      const stored = await images.store(png, { ownerId: null, kind: 'cutout', keepAlpha: true });
      if (await photos.find(photoId)) await photos.setCutout(photoId, stored.id, 'done');
      else await images.remove([stored.id]); // the photo was deleted meanwhile
      logger.info({ photoId, ms: Date.now() - started }, 'cut-out ready');
    } catch (err) {
      logger.warn({ err, photoId }, 'cut-out failed; generation will use the simple cut');
      await photos.setCutout(photoId, null, 'failed');
    }
  }

  return {
    enqueue: (photoId: string) => queue.add(`cutout:${photoId}`, () => run(photoId)),
    /** After a restart: pick up the photos still waiting for their cut-out. */
    async resumePending() {
      for (const p of await photos.listPendingCutouts()) queue.add(`cutout:${p.id}`, () => run(p.id));
    },
    idle: () => queue.idle(),
    /** Drops queued work (running work finishes); for shutdown. */
    stop: () => queue.clear(),
    /** The subject of a photo for generation: the stored cut-out, or a simple cut made now. */
    async cutoutFor(photo: PhotoRow, master: Buffer): Promise<Buffer> {
      if (photo.cutoutImageId) {
        const stored = await images.readMaster(photo.cutoutImageId);
        if (stored) return stored;
      }
      return simpleCut(master);
    },
  };
}
export type CutoutsService = ReturnType<typeof createCutoutsService>;
