import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createJobs, QUEUES, type QueueStats } from './jobs';

const ADMIN = 'queue-admin@example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
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
      await vi.waitFor(async () => expect((await of(QUEUES.accountExport.name)).oldestWaitingSeconds).toBeGreaterThanOrEqual(1), {
        timeout: 10_000,
        interval: 100,
      });
      const exports = await of(QUEUES.accountExport.name);
      expect(exports).toMatchObject({ waiting: 3, retrying: 0, active: 0, failed: 0 });
      expect(exports.oldestWaitingSeconds).toBeLessThan(60); // the job due in an hour does not count

      jobs.handle(QUEUES.sms.name, async () => {
        throw new Error('the gateway is down');
      });
      await jobs.send(QUEUES.sms.name, { to: 'out of attempts' }, { retryLimit: 0 });
      await jobs.send(QUEUES.sms.name, { to: 'tried again later' }, { retryLimit: 2, retryDelay: 3600 });
      await vi.waitFor(async () => expect(await of(QUEUES.sms.name)).toMatchObject({ waiting: 0, retrying: 1, active: 0, failed: 1 }), {
        timeout: 15_000,
        interval: 100,
      });
      expect((await of(QUEUES.sms.name)).oldestWaitingSeconds).toBe(0); // its retry is due in an hour

      // Every queue is listed, idle ones with zeros.
      const all = await jobs.stats();
      expect(all.map((q) => q.queue).sort()).toEqual(
        Object.values(QUEUES)
          .map((q) => q.name)
          .sort(),
      );
      expect(all.find((q) => q.queue === QUEUES.mail.name)).toEqual({ queue: 'mail', waiting: 0, retrying: 0, active: 0, failed: 0, oldestWaitingSeconds: 0 });
    } finally {
      await jobs.stop();
    }
  });
});

describe('the processes working the queue (their heartbeat)', { tags: ['postgres'] }, () => {
  it('lists each started process with the queues it works and its last beat; one that stops leaves, one that stops beating is no longer alive', async () => {
    const logger = pino({ level: 'silent' });
    // Two processes of their own on the test database (the app's own queue is never started here).
    const a = createJobs(t.database.db, { logger, heartbeatSeconds: 1 });
    const b = createJobs(t.database.db, { logger, heartbeatSeconds: 3600 }); // beats when it starts, then not for an hour: it can play a dead process
    a.handle(QUEUES.mail.name, async () => undefined);
    b.handle(QUEUES.cutout.name, async () => undefined);
    try {
      const notStarted = (await a.processes()).filter((p) => p.self);
      expect(notStarted).toEqual([]); // a queue that has not started is no process of it
      await a.start({ schedules: false });
      await b.start({ schedules: false });
      const listed = await a.processes();
      const self = listed.find((p) => p.self)!;
      expect(self).toMatchObject({ pid: process.pid, queues: ['mail'], alive: true });
      expect(self.secondsSinceBeat).toBeLessThan(5);
      expect(listed.filter((p) => p.pid === process.pid && p.queues.includes('cutout'))).toHaveLength(1); // b, seen from a
      const bId = (await b.processes()).find((p) => p.self)!.id;

      // A queue registered after the start is in the next beat.
      a.handle(QUEUES.sms.name, async () => undefined);
      await vi.waitFor(async () => expect((await a.processes()).find((p) => p.self)!.queues).toEqual(['mail', 'sms']), { timeout: 10_000, interval: 100 });
      // The beat moves on.
      const firstBeat = self.lastBeatAt;
      await vi.waitFor(async () => expect((await a.processes()).find((p) => p.self)!.lastBeatAt > firstBeat).toBe(true), { timeout: 10_000, interval: 100 });

      // A process whose beat is older than a minute (it died, or hangs) is listed, not alive.
      await t.database.db.execute(sql`update job_processes set beat_at = now() - interval '5 minutes' where id = ${bId}`);
      expect((await a.processes()).find((p) => p.id === bId)).toMatchObject({ alive: false });
      expect((await a.processes()).find((p) => p.id === bId)!.secondsSinceBeat).toBeGreaterThanOrEqual(300);
      // …and a day later it is pruned by any process's beat.
      await t.database.db.execute(sql`update job_processes set beat_at = now() - interval '25 hours' where id = ${bId}`);
      await vi.waitFor(async () => expect((await a.processes()).map((p) => p.id)).not.toContain(bId), { timeout: 10_000, interval: 100 });

      // A process that stops cleanly removes its row.
      const aId = (await a.processes()).find((p) => p.self)!.id;
      await a.stop();
      expect((await b.processes()).map((p) => p.id)).not.toContain(aId);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe("the admin's job queue page (admin-jobs, admin-job-retry, admin-job-drop)", { tags: ['postgres'] }, () => {
  it('lists the jobs out of attempts with their error (not their data); one more attempt runs it, a drop removes it', async () => {
    const admin = await t.signInByMagicLink(ADMIN);
    const collector = await t.signUp();
    // The test app delivers no text messages (no SMS_URL): its queue is free for a handler that fails a message's first attempt.
    const attempts = new Map<string, number>();
    t.services.jobs.handle<{ to: string }>(QUEUES.sms.name, async ({ to }) => {
      const n = (attempts.get(to) ?? 0) + 1;
      attempts.set(to, n);
      if (n === 1) throw new Error(`the gateway refused ${to.length} digits`);
    });
    const retried = (await t.services.jobs.send(QUEUES.sms.name, { to: '+15550100', secret: 'code 123456' }, { retryLimit: 0 }))!;
    const dropped = (await t.services.jobs.send(QUEUES.sms.name, { to: '+15550101', secret: 'code 654321' }, { retryLimit: 0 }))!;
    const page = async () =>
      (await t.call('admin-jobs', { method: 'GET', cookie: admin.cookie })).json as {
        queues: QueueStats[];
        processes: { self: boolean; alive: boolean; queues: string[] }[];
        failed: { id: string; queue: string; attempts: number; error: string | null }[];
      };
    await vi.waitFor(async () => expect((await page()).failed.map((j) => j.id)).toEqual(expect.arrayContaining([retried, dropped])), {
      timeout: 15_000,
      interval: 100,
    });
    const listed = await page();
    expect(listed.failed.find((j) => j.id === retried)).toMatchObject({ queue: 'sms', attempts: 1, error: 'the gateway refused 9 digits' });
    expect(JSON.stringify(listed)).not.toContain('123456'); // a job's data stays out of the page
    // The process that answered works the text messages, and says so by its heartbeat.
    expect(listed.processes.find((p) => p.self)).toMatchObject({ alive: true, queues: expect.arrayContaining(['sms']) });
    const failedBefore = listed.queues.find((q) => q.queue === 'sms')!.failed; // the two, and any the test above left
    expect(failedBefore).toBe(listed.failed.filter((j) => j.queue === 'sms').length);
    expect(failedBefore).toBeGreaterThanOrEqual(2);

    expect((await t.call('admin-job-retry', { cookie: admin.cookie, body: { queue: 'sms', jobId: retried } })).json).toEqual({ ok: true });
    await vi.waitFor(async () => expect(attempts.get('+15550100')).toBe(2), { timeout: 15_000, interval: 100 });
    await vi.waitFor(async () => expect((await page()).failed.map((j) => j.id)).not.toContain(retried), { timeout: 15_000, interval: 100 });
    // A job no longer failed cannot be retried or dropped again.
    expect((await t.call('admin-job-retry', { cookie: admin.cookie, body: { queue: 'sms', jobId: retried } })).status).toBe(404);

    expect((await t.call('admin-job-drop', { cookie: admin.cookie, body: { queue: 'sms', jobId: dropped } })).json).toEqual({ ok: true });
    const after = await page();
    expect(after.failed.map((j) => j.id)).not.toContain(dropped);
    expect(after.queues.find((q) => q.queue === 'sms')!.failed).toBe(failedBefore - 2);
    expect((await t.call('admin-job-drop', { cookie: admin.cookie, body: { queue: 'sms', jobId: dropped } })).status).toBe(404);

    // Admins only; a bad queue or id is refused before anything is looked up.
    expect((await t.call('admin-jobs', { method: 'GET', cookie: collector.cookie })).status).toBe(403);
    expect((await t.call('admin-job-drop', { cookie: collector.cookie, body: { queue: 'sms', jobId: dropped } })).status).toBe(403);
    expect((await t.call('admin-job-retry', { cookie: admin.cookie, body: { queue: 'no such queue', jobId: retried } })).status).toBe(400);
    expect((await t.call('admin-job-retry', { cookie: admin.cookie, body: { queue: 'sms', jobId: 'x' } })).status).toBe(400);
    expect((await t.call('admin-job-retry', { cookie: admin.cookie, body: { queue: 'no-such-queue', jobId: retried } })).status).toBe(404);
  });
});
