import type { Db } from '../db/client';
import type { JobQueue } from '../lib/job-queue';
import type { Logger } from '../lib/logger';
import { smsRepository, type StoredSms } from './sms.repository';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface Sms {
  /** True when messages really leave (SMS_URL); false while they go to the outbox. */
  readonly delivers: boolean;
  send(message: SmsMessage): Promise<void>;
  /** Outbox messages, newest first (empty when SMS_URL is used). */
  outbox(): Promise<StoredSms[]>;
  /** With SMS_URL: from now on messages are jobs of the queue named, retried with back-off, and this process works them. */
  attach(jobs: JobQueue, queueName: string): void;
}

/** A phone number shown in logs: its first characters only (never the whole number, never the text). */
export const maskedNumber = (to: string) => `${to.slice(0, 4)}…`;

/**
 * Text messages (sign-in codes). With `smsUrl` each message is POSTed there as `{to, text}` JSON — as a
 * job once `attach`ed (a gateway that is down delays the code, and it is retried); otherwise every
 * message is stored in the SMS outbox table. The text holds a code: it is never logged.
 */
export function createSms(opts: { db: Db; smsUrl?: string; logger: Logger; fetch?: typeof fetch }): Sms {
  const { db, smsUrl, logger } = opts;
  const doFetch = opts.fetch ?? fetch;
  const repo = smsRepository(db);
  let queue: { jobs: JobQueue; name: string } | null = null;

  async function post(message: SmsMessage) {
    const res = await doFetch(smsUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`the SMS gateway answered ${res.status}`);
    logger.info({ to: maskedNumber(message.to) }, 'sms sent');
  }

  return {
    delivers: !!smsUrl,
    async send(message) {
      if (!smsUrl) {
        await repo.store(message);
        logger.info({ to: maskedNumber(message.to) }, 'sms written to the outbox');
        return;
      }
      if (!queue) return post(message);
      const id = await queue.jobs.send(queue.name, message);
      logger.info({ to: maskedNumber(message.to), jobId: id }, 'sms queued');
    },
    outbox: () => (smsUrl ? Promise.resolve([]) : repo.latest()),
    attach(jobs, name) {
      if (!smsUrl) return;
      queue = { jobs, name };
      jobs.handle<SmsMessage>(name, (message) => post(message));
    },
  };
}

/** Text messages can be sent: to SMS_URL, or (outside production) into the SMS outbox people can read. */
export const smsAvailable = (env: { SMS_URL?: string; NODE_ENV: string }) => !!env.SMS_URL || env.NODE_ENV !== 'production';
