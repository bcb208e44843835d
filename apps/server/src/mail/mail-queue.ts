import type { Logger } from '../lib/logger';
import { QUEUES, type Jobs } from '../modules/jobs/jobs';
import type { Mail, Mailer } from './mailer';

/**
 * Mails through the job queue: `send` records a `mail` job (in the database, so a crash or a mail
 * server that is down loses nothing) and a process working the queue hands it to SMTP, retried with
 * back-off until it is accepted. Until `attach` (the queue exists) mails go out directly.
 */
export function queuedMailer(direct: Mailer, logger: Logger): Mailer & { attach(jobs: Jobs): void } {
  let jobs: Jobs | null = null;
  return {
    async send(mail: Mail) {
      if (!jobs) return direct.send(mail);
      const id = await jobs.send(QUEUES.mail.name, mail);
      logger.info({ to: mail.to, subject: mail.subject, jobId: id }, 'mail queued');
    },
    outbox: () => direct.outbox(),
    attach(queue: Jobs) {
      jobs = queue;
      queue.handle<Mail>(QUEUES.mail.name, (mail) => direct.send(mail));
    },
  };
}
