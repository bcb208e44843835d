import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import type { Logger } from '../lib/logger';
import type { JobQueue } from '../lib/job-queue';
import type { Mail, Mailer } from './mailer';

/** What a `mail` job holds: the recipient in clear (for operators), the mail itself sealed. */
export interface MailJob {
  to: string;
  sealed: string;
}

/**
 * Mails through the job queue: `send` records a `mail` job (in the database, so a crash or a mail
 * server that is down loses nothing) and a process working the queue hands it to SMTP, retried with
 * back-off until it is accepted. Until `attach` (the queue exists, with the name of its `mail` queue)
 * mails go out directly.
 *
 * A mail's text holds sign-in, reset and download links, and the job queue keeps finished jobs for
 * days: the mail is sealed with the auth secret (better-auth's symmetric encryption), so the job
 * tables and their backups never hold a usable link.
 */
/**
 * Mails sent at once per process: a worker takes one job per poll (every 2 s), so a burst (the mails
 * that waited out an outage of the mail server) would otherwise go out one every two seconds.
 */
export const MAIL_WORKERS = 4;

export function queuedMailer(direct: Mailer, logger: Logger, secret: string): Mailer & { attach(jobs: JobQueue, queueName: string): void } {
  let queue: { jobs: JobQueue; name: string } | null = null;
  return {
    async send(mail: Mail) {
      if (!queue) return direct.send(mail);
      const job: MailJob = { to: mail.to, sealed: await symmetricEncrypt({ key: secret, data: JSON.stringify(mail) }) };
      const id = await queue.jobs.send(queue.name, job);
      logger.info({ to: mail.to, subject: mail.subject, jobId: id }, 'mail queued');
    },
    outbox: () => direct.outbox(),
    attach(jobs, name) {
      queue = { jobs, name };
      jobs.handle<MailJob | Mail>(
        name,
        async (job) => {
          // Jobs queued before mails were sealed still go out as they are.
          const mail = 'sealed' in job ? (JSON.parse(await symmetricDecrypt({ key: secret, data: job.sealed })) as Mail) : job;
          await direct.send(mail);
        },
        MAIL_WORKERS,
      );
    },
  };
}
