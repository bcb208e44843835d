import PQueue from 'p-queue';
import type { Logger } from '../../lib/logger';

/**
 * Background work, a bounded number at a time (the model takes seconds and both cores); the
 * request that records a photo only enqueues it.
 */
export function createWorkQueue(concurrency: number, logger: Logger) {
  const queue = new PQueue({ concurrency });
  const pending = new Set<string>();
  return {
    add(key: string, job: () => Promise<void>) {
      if (pending.has(key)) return;
      pending.add(key);
      void queue
        .add(job)
        .catch((err) => logger.error({ err, key }, 'background job failed'))
        .finally(() => pending.delete(key));
    },
    /** Resolves when nothing is queued or running. */
    idle: () => queue.onIdle(),
    get size() {
      return queue.size + queue.pending;
    },
    clear: () => queue.clear(),
  };
}
export type WorkQueue = ReturnType<typeof createWorkQueue>;
