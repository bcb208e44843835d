import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { Storage, StoredObject } from '../../storage/storage';
import { QUEUES, type Jobs } from '../jobs/jobs';
import { storageSweepRepository } from './storage-sweep.repository';

/**
 * How old every object of an image must be before the sweep may remove it for want of a row. An
 * upload writes its objects and then its row within seconds; an hour leaves any upload in flight
 * (and any clock skew between the app and the store) far behind.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

export interface SweepResult {
  /** Images whose objects were removed because no row names them. */
  images: number;
  /** Objects removed (those images' objects, and temporary files left by an interrupted write). */
  objects: number;
}

/**
 * The storage sweep: stored image objects (`images/{id}/…`) that no `images` row names are removed
 * once all of them are older than the grace period. They are what a process killed between writing
 * the objects and inserting the row leaves, or between deleting a row and its objects (rows go
 * first). The reverse, a row whose objects are missing, does not arise from the app (docs/decisions.md
 * "Stored images and their rows").
 */
export function createStorageSweep(db: Db, deps: { storage: Storage; logger: Logger; jobs?: Jobs }) {
  const repo = storageSweepRepository(db);
  const { storage, logger } = deps;

  /**
   * `dryRun` removes nothing and answers what a sweep would remove; `onImage` hears of each image
   * without a row (its id and object count) as it is found (the command line lists them).
   */
  async function sweep(
    opts: { now?: Date; graceMs?: number; dryRun?: boolean; onImage?: (image: { id: string; objects: number }) => void } = {},
  ): Promise<SweepResult> {
    const cutoff = (opts.now ?? new Date()).getTime() - (opts.graceMs ?? SWEEP_GRACE_MS);
    const result: SweepResult = { images: 0, objects: 0 };
    /** Objects per image id, in listing order; the last id of a page may go on in the next one. */
    let pending = new Map<string, StoredObject[]>();

    async function settle(group: Map<string, StoredObject[]>) {
      const old = [...group].filter(([, objects]) => objects.every((o) => o.lastModified.getTime() < cutoff));
      if (!old.length) return;
      const existing = await repo.existingImageIds(old.map(([id]) => id));
      for (const [id, objects] of old) {
        if (existing.has(id)) {
          // A kept image: only the temporary files of a write that never finished go.
          for (const o of objects.filter((o) => o.key.endsWith('.tmp'))) {
            if (!opts.dryRun) await storage.delete(o.key);
            result.objects++;
          }
          continue;
        }
        if (!opts.dryRun) await storage.deletePrefix(`images/${id}`);
        opts.onImage?.({ id, objects: objects.length });
        result.images++;
        result.objects += objects.length;
      }
    }

    for await (const page of storage.list('images')) {
      for (const o of page) {
        const id = o.key.split('/')[1];
        if (!id || o.key.split('/').length !== 3) continue; // not an image's object: not ours to judge
        const list = pending.get(id);
        if (list) list.push(o);
        else pending.set(id, [o]);
      }
      const ids = [...pending.keys()];
      const last = ids.at(-1);
      const carried = last ? pending.get(last)! : null;
      if (last) pending.delete(last);
      await settle(pending);
      pending = carried ? new Map([[last!, carried]]) : new Map();
    }
    await settle(pending);
    if (result.objects && !opts.dryRun) logger.info(result, 'storage sweep: removed objects without a database row');
    return result;
  }

  deps.jobs?.handle(QUEUES.storageSweep.name, () => sweep());
  return { sweep };
}
export type StorageSweep = ReturnType<typeof createStorageSweep>;
