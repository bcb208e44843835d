import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../cli/topology';
import { rowsOf } from '../db/rows';
import { QUEUES } from '../modules/jobs/jobs';
import { createTestApp, type TestApp } from '../test/harness';
import { startSmtpSink } from '../test/smtp-sink';
import { createMailer } from './mailer';
import { queuedMailer } from './mail-queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('mails through the job queue', { tags: ['postgres'] }, () => {
  it('keeps a mail while the mail server is down and delivers it once, when the server is back', async () => {
    const logger = pino({ level: 'silent' });
    const port = await freePort(); // nothing listens there yet: the mail server is down
    const direct = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Curio <no-reply@example.com>',
      outboxDir: mkdtempSync(path.join(os.tmpdir(), 'curio-mailq-')),
      logger,
    });
    const mailer = queuedMailer(direct, logger, 'mail-queue-test-secret-long-enough-0123456789');
    mailer.attach(t.services.jobs, QUEUES.mail.name);

    // Accepted at once (queued), although no mail server answers.
    await mailer.send({ to: 'collector@example.com', subject: 'Your sign-in link', text: 'https://example.com/link', html: '<p>link</p>' });
    const deadline = Date.now() + 10_000;
    let failedOnce = false;
    while (Date.now() < deadline && !failedOnce) {
      const rows = await t.database.db.execute<{ state: string }>(`select state from pgboss.job where name = '${QUEUES.mail.name}'` as never);
      const list = rowsOf<{ state: string }>(rows);
      failedOnce = list.some((r) => r.state === 'retry');
      if (!failedOnce) await new Promise((r) => setTimeout(r, 100));
    }
    expect(failedOnce).toBe(true); // the first attempt failed and the job waits for its retry

    // The stored job names the recipient but holds no readable link or subject.
    const stored = await t.database.db.execute<{ data: unknown }>(`select data from pgboss.job where name = '${QUEUES.mail.name}'` as never);
    const storedRows = rowsOf<{ data: unknown }>(stored);
    const payload = JSON.stringify(storedRows.map((r) => r.data));
    expect(payload).toContain('collector@example.com');
    expect(payload).not.toContain('https://example.com/link');
    expect(payload).not.toContain('Your sign-in link');

    const sink = await startSmtpSink(port);
    try {
      await t.services.jobs.idle(QUEUES.mail.name, 60_000);
      expect(sink.messages).toHaveLength(1);
      expect(sink.messages[0]).toContain('Subject: Your sign-in link');
      expect(sink.messages[0]).toContain('collector@example.com');
    } finally {
      await sink.close();
    }
  }, 90_000);

  it('loses none of many mails queued while the mail server is down, and sends each once', async () => {
    // An app of its own: the first test's mail workers (sending to its own, closed, port) would take these jobs too.
    const t = await createTestApp();
    const logger = pino({ level: 'silent' });
    const port = await freePort();
    const direct = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Curio <no-reply@example.com>',
      outboxDir: mkdtempSync(path.join(os.tmpdir(), 'curio-mailq-')),
      logger,
    });
    const mailer = queuedMailer(direct, logger, 'mail-queue-test-secret-long-enough-0123456789');
    mailer.attach(t.services.jobs, QUEUES.mail.name);
    const count = 30;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        mailer.send({ to: `reader${i}@example.com`, subject: `Notice number ${i}`, text: `Body ${i}`, html: `<p>Body ${i}</p>` }),
      ),
    );
    // Wait for the first attempts to fail against the closed port (their jobs wait for a retry).
    await vi.waitFor(
      async () => {
        const rows = await t.database.db.execute<{ state: string }>(`select state from pgboss.job where name = '${QUEUES.mail.name}'` as never);
        const list = rowsOf<{ state: string }>(rows);
        expect(list.some((r) => r.state === 'retry')).toBe(true);
      },
      { timeout: 10_000, interval: 100 },
    );
    const sink = await startSmtpSink(port);
    try {
      await t.services.jobs.idle(QUEUES.mail.name, 90_000);
      const subjects = sink.messages.map((m) => /Subject: (Notice number \d+)/.exec(m)?.[1]).filter(Boolean);
      expect(subjects).toHaveLength(count);
      expect(new Set(subjects).size).toBe(count);
    } finally {
      await sink.close();
      await t.close();
    }
  }, 120_000);
});
