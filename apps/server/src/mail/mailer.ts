import { randomUUID } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../lib/logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
export interface StoredMail extends Mail {
  id: string;
  createdAt: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Outbox mails, newest first (empty when SMTP is used). */
  outbox(): Promise<StoredMail[]>;
}

/** An address on a `.invalid` domain (RFC 6761): better-auth's placeholder for accounts without a mailbox. */
export const isPlaceholderAddress = (to: string) => /\.invalid$/i.test(to.trim());

/**
 * SMTP when a URL is configured; otherwise every mail goes into `outboxDir` (readable by the owner
 * only), and the log names its recipient and subject. A mail's text holds sign-in links, so it is
 * logged only with `logText` (outside production), and then at debug level.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; logger: Logger; logText?: boolean }): Mailer {
  const { smtpUrl, from, outboxDir, logger, logText = false } = opts;
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      // A placeholder address (RFC 6761 `.invalid`, e.g. a wallet account's) has no mailbox: nothing is sent.
      if (isPlaceholderAddress(mail.to)) {
        logger.info({ to: mail.to, subject: mail.subject }, 'mail not sent: the address is a placeholder');
        return;
      }
      if (transport) {
        await transport.sendMail({ from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      await chmod(outboxDir, 0o700);
      const createdAt = new Date().toISOString();
      const id = `${createdAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const stored: StoredMail = { id, createdAt, ...mail };
      await writeFile(path.join(outboxDir, `${id}.json`), JSON.stringify(stored, null, 2), { mode: 0o600 });
      logger.info({ to: mail.to, subject: mail.subject, outbox: id }, 'mail written to outbox');
      if (logText) logger.debug({ to: mail.to, outbox: id, text: mail.text }, 'mail text');
    },
    async outbox() {
      let names: string[];
      try {
        names = await readdir(outboxDir);
      } catch {
        return [];
      }
      const files = names
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, 100);
      return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir, f), 'utf8')) as StoredMail));
    },
  };
}
