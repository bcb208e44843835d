import { PHOTO_EVENTS, type PhotoPreparedEvent } from '@curio/contract';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { EventsService } from '../events/events.service';
import type { ImagesService } from '../images/images.service';
import { itemRecords, type PhotoRow } from '../items/item-records.service';
import { QUEUES, type Jobs } from '../jobs/jobs';
import type { Segmenter } from './segmenter';
import { simpleCut } from './simple-cut';

export interface CutoutJob {
  photoId: string;
}

/**
 * Cuts each photo's subject out once, as a `cutout` job, and stores it as an image of its own.
 * `segment` is null in a process that must not run the model (the web process on PostgreSQL: the
 * workers take those jobs).
 */
export function createCutoutsService(db: Db, deps: { images: ImagesService; segment: Segmenter | null; jobs: Jobs; events: EventsService; logger: Logger }) {
  const photos = itemRecords(db);
  const { images, segment, jobs, events, logger } = deps;

  /**
   * Stores the outcome while the photo still waits for it and tells its owner's `photos` stream,
   * in one transaction; false when there was nothing to record.
   */
  async function finish(photoId: string, cutoutImageId: string | null, status: 'done' | 'failed'): Promise<boolean> {
    return db.transaction(async (tx) => {
      const photo = await itemRecords(tx).finishCutout(photoId, cutoutImageId, status);
      if (!photo) return false;
      const payload: PhotoPreparedEvent = { itemId: photo.itemId, imageId: photo.imageId, prep: status === 'done' ? 'ready' : 'failed' };
      await events.record(tx, { userId: photo.ownerId, stream: 'photos', type: PHOTO_EVENTS.prepared, payload });
      return true;
    });
  }

  const service = {
    /** Queues the photo's cut-out: one job per photo, whichever process records or retries it. */
    enqueue: (photoId: string) => jobs.send(QUEUES.cutout.name, { photoId } satisfies CutoutJob, { singletonKey: photoId }),

    /**
     * The job: cuts the photo out and records the result, only while the photo still waits for it
     * (a second run, or a photo deleted meanwhile, leaves no trace). A failure is retried; when the
     * last attempt fails, the photo is marked `failed` and generation uses the simple cut.
     */
    async process(job: CutoutJob, ctx: { lastAttempt: boolean } = { lastAttempt: true }): Promise<'done' | 'failed' | 'skipped'> {
      if (!segment) throw new Error('this process does not cut photos out');
      const photo = await photos.findPhoto(job.photoId);
      if (!photo || photo.cutoutStatus !== 'pending') return 'skipped';
      const master = await images.readMaster(photo.imageId);
      if (!master) {
        await finish(photo.id, null, 'failed');
        return 'failed';
      }
      const started = Date.now();
      let png: Buffer;
      try {
        png = await segment(master);
      } catch (err) {
        if (!ctx.lastAttempt) throw err;
        logger.warn({ err, photoId: photo.id }, 'cut-out failed; generation will use the simple cut');
        await finish(photo.id, null, 'failed');
        return 'failed';
      }
      const stored = await images.store(png, { ownerId: null, kind: 'cutout', keepAlpha: true });
      if (!(await finish(photo.id, stored.id, 'done'))) {
        await images.remove([stored.id]); // deleted meanwhile, or another run was first
        return 'skipped';
      }
      logger.info({ photoId: photo.id, ms: Date.now() - started }, 'cut-out ready');
      return 'done';
    },

    /** Works the cut-out queue in this process (when it has a segmenter), `concurrency` at a time. */
    work(concurrency: number) {
      if (segment) jobs.handle<CutoutJob>(QUEUES.cutout.name, (data, ctx) => service.process(data, ctx), concurrency);
    },

    /**
     * Queues photos still waiting for their cut-out without a job (recorded while the queue was
     * unreachable, or before the queue existed); a photo whose job waits or runs is not queued twice.
     */
    async enqueuePending() {
      let sent = 0;
      for (const p of await photos.listPendingCutouts()) if (await service.enqueue(p.id)) sent++;
      return sent;
    },

    /** Resolves once no cut-out waits or runs (tests, scripts); fails after `timeoutMs` (30 s unless told). */
    idle: (timeoutMs?: number) => jobs.idle(QUEUES.cutout.name, timeoutMs),

    /**
     * The subject of a photo for generation: the model's stored cut-out, or (`simple: true`) the
     * simple cut made now, for a photo the model could not cut out. Callers wait for pending ones.
     */
    async cutoutFor(photo: PhotoRow, master: Buffer): Promise<{ png: Buffer; simple: boolean }> {
      if (photo.cutoutImageId) {
        const stored = await images.readMaster(photo.cutoutImageId);
        if (stored) return { png: stored, simple: false };
      }
      return { png: await simpleCut(master), simple: true };
    },
  };
  return service;
}
export type CutoutsService = ReturnType<typeof createCutoutsService>;
