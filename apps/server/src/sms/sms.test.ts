import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { QUEUES, type Jobs } from '../modules/jobs/jobs';
import { createTestDatabase } from '../test/database';
import { createSms, smsAvailable } from './sms';
import { smsOutboxPage } from './sms-outbox';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A logger that keeps its lines, to check that no code is ever logged. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  return { logger: pino({ level: 'debug' }, stream) as any, lines };
}

function fakeFetch(status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(null, { status });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

describe('SMS', () => {
  it('without SMS_URL, keeps messages in the outbox (newest first) and logs neither the text nor the number', async () => {
    const { logger, lines } = capturingLogger();
    const sms = createSms({ db: database.db, logger });
    expect(sms.delivers).toBe(false);
    await sms.send({ to: '+15550003333', text: '123456 is your code' });
    await sms.send({ to: '+15550004444', text: '654321 is your code' });
    const outbox = await sms.outbox();
    expect(outbox.slice(0, 2).map((m) => m.to)).toEqual(['+15550004444', '+15550003333']);
    expect(lines.join('')).not.toMatch(/123456|654321|15550003333/);
    expect(smsOutboxPage(outbox, 'Curio')).toContain('<pre>654321 is your code</pre>');
  });

  it('with SMS_URL, POSTs {to, text} as JSON; a refusal throws so that the job is retried', async () => {
    const { logger, lines } = capturingLogger();
    const ok = fakeFetch();
    await createSms({ db: database.db, logger, smsUrl: 'http://sms.test/send', fetch: ok.fn }).send({ to: '+15550005555', text: '111222 code' });
    expect(ok.calls).toHaveLength(1);
    expect(ok.calls[0]!.url).toBe('http://sms.test/send');
    expect(ok.calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(ok.calls[0]!.init.body as string)).toEqual({ to: '+15550005555', text: '111222 code' });
    expect(lines.join('')).not.toMatch(/111222|15550005555/);

    const down = fakeFetch(503);
    await expect(
      createSms({ db: database.db, logger, smsUrl: 'http://sms.test/send', fetch: down.fn }).send({ to: '+15550005555', text: 'x' }),
    ).rejects.toThrow(/503/);
  });

  it('with SMS_URL and the job queue, a message is a job of the sms queue whose worker POSTs it', async () => {
    const { logger } = capturingLogger();
    const gateway = fakeFetch();
    const sent: { name: string; data: unknown }[] = [];
    let handler: ((data: unknown) => Promise<unknown>) | null = null;
    const jobs = {
      send: async (name: string, data: unknown) => (sent.push({ name, data }), 'job-1'),
      handle: (_name: string, h: (data: unknown) => Promise<unknown>) => (handler = h),
    } as unknown as Jobs;
    const sms = createSms({ db: database.db, logger, smsUrl: 'http://sms.test/send', fetch: gateway.fn });
    sms.attach(jobs, QUEUES.sms.name);
    await sms.send({ to: '+15550006666', text: '333444 code' });
    expect(sent).toEqual([{ name: 'sms', data: { to: '+15550006666', text: '333444 code' } }]);
    expect(gateway.calls).toHaveLength(0);
    await handler!(sent[0]!.data);
    expect(gateway.calls).toHaveLength(1);
  });

  it('is available with SMS_URL, or outside production (the outbox)', () => {
    expect(smsAvailable({ NODE_ENV: 'production' })).toBe(false);
    expect(smsAvailable({ NODE_ENV: 'production', SMS_URL: 'https://sms.example/send' })).toBe(true);
    expect(smsAvailable({ NODE_ENV: 'development' })).toBe(true);
  });
});
