import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { photos } from './db/schema';
import { REPO_ROOT } from './env';
import { createTestApp } from './test/harness';
import { pngBytes } from './test/images';
import { closed, compiledServer } from './test/compiled';

const startWorker = (env: Record<string, string>) =>
  spawn(process.execPath, compiledServer('worker'), {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
  });

describe('npm run worker', { tags: ['postgres'] }, () => {
  it('refuses to start on the embedded database', async () => {
    const child = startWorker({ DATABASE_URL: '', AUTH_SECRET: 'x'.repeat(40) });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    expect(await closed(child)).toBe(1);
    expect(stderr).toContain('DATABASE_URL');
  }, 30_000);

  it('refuses PostgreSQL with images in its own DATA_DIR, naming S3_BUCKET', async () => {
    const child = startWorker({ DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none', AUTH_SECRET: 'x'.repeat(40), S3_BUCKET: '', LOCAL_STORAGE_SHARED: '' });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    expect(await closed(child)).toBe(1);
    expect(stderr).toContain('S3_BUCKET: required when DATABASE_URL is set');
  }, 30_000);

  it.runIf(process.env.DATABASE_URL)(
    'takes the cut-out jobs a web process queued, and stops gracefully',
    async () => {
      const t = await createTestApp({ CUTOUT: 'model' }); // a web process: it queues cut-outs and never cuts
      const spawned: ReturnType<typeof startWorker>[] = [];
      try {
        const u = await t.itemWithPhoto(await pngBytes(320, 400));
        expect(await t.services.jobs.pending('cutout')).toBe(1);
        const url = ((t.database.db as unknown as { $client: pg.Pool }).$client.options as { connectionString: string }).connectionString;
        const worker = startWorker({
          DATABASE_URL: url,
          DATA_DIR: t.env.DATA_DIR, // the web process's own folder: the photos are there
          LOCAL_STORAGE_SHARED: 'true',
          AUTH_SECRET: t.env.AUTH_SECRET,
          CUTOUT: 'simple',
        });
        spawned.push(worker);
        let stdout = '';
        worker.stdout.on('data', (d) => (stdout += d));
        worker.stderr.on('data', (d) => (stdout += d));
        const exited = closed(worker);
        const row = async () => (await t.database.db.select().from(photos).where(eq(photos.imageId, u.imageId)))[0]!;
        const deadline = Date.now() + 40_000;
        while ((await row()).cutoutStatus === 'pending' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        expect((await row()).cutoutStatus).toBe('done');
        // The worker logs the cut-out after it has stored it: the line may reach this pipe after the row has changed.
        await vi.waitFor(() => expect(stdout).toContain('cut-out ready'), { timeout: 10_000 });
        worker.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(stdout).toContain('worker stopped');
      } finally {
        for (const w of spawned) if (w.exitCode === null) w.kill('SIGKILL'); // a failed check leaves no worker running
        await t.close();
      }
    },
    90_000,
  );
});
