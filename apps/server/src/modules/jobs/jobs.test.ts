import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createJobs, QUEUES, type QueueStats } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the job queue's figures (/metrics)", { tags: ['postgres'] }, () => {
  it("counts each queue's waiting, retrying, running and failed jobs, and how long its oldest ready job has waited", async () => {
    // A queue of its own on the test database: the app's queue is never started here, so nothing else works these jobs.
    const jobs = createJobs(t.database.db, { logger: pino({ level: 'silent' }) });
    const of = async (queue: string) => (await jobs.stats()).find((q) => q.queue === queue) as QueueStats;
    try {
      expect(await jobs.stats()).toEqual([]); // not started: its tables may not exist yet
      await jobs.start({ schedules: false });
      await jobs.send(QUEUES.accountExport.name, { exportId: 'a' });
      await jobs.send(QUEUES.accountExport.name, { exportId: 'b' });
      await jobs.send(QUEUES.accountExport.name, { exportId: 'later' }, { startAfter: 3600 }); // waiting, not ready yet
      await vi.waitFor(async () => expect((await of(QUEUES.accountExport.name)).oldestWaitingSeconds).toBeGreaterThanOrEqual(1), { timeout: 10_000, interval: 100 });
      const exports = await of(QUEUES.accountExport.name);
      expect(exports).toMatchObject({ waiting: 3, retrying: 0, active: 0, failed: 0 });
      expect(exports.oldestWaitingSeconds).toBeLessThan(60); // the job due in an hour does not count

      jobs.handle(QUEUES.sms.name, async () => {
        throw new Error('the gateway is down');
      });
      await jobs.send(QUEUES.sms.name, { to: 'out of attempts' }, { retryLimit: 0 });
      await jobs.send(QUEUES.sms.name, { to: 'tried again later' }, { retryLimit: 2, retryDelay: 3600 });
      await vi.waitFor(async () => expect(await of(QUEUES.sms.name)).toMatchObject({ waiting: 0, retrying: 1, active: 0, failed: 1 }), { timeout: 15_000, interval: 100 });
      expect((await of(QUEUES.sms.name)).oldestWaitingSeconds).toBe(0); // its retry is due in an hour

      // Every queue is listed, idle ones with zeros.
      const all = await jobs.stats();
      expect(all.map((q) => q.queue).sort()).toEqual(Object.values(QUEUES).map((q) => q.name).sort());
      expect(all.find((q) => q.queue === QUEUES.mail.name)).toEqual({ queue: 'mail', waiting: 0, retrying: 0, active: 0, failed: 0, oldestWaitingSeconds: 0 });
    } finally {
      await jobs.stop();
    }
  });
});
