import { html } from '../lib/html';
import { devOutboxPage } from '../mail/outbox-page';
import { localOnlyRouter, type AddressResolver } from '../mail/outbox-route';
import type { StoredSms } from './sms.repository';
import type { Sms } from './sms';

/** Where the SMS outbox is served (beside the mail outbox). */
export const SMS_OUTBOX_PATH = '/dev/sms';

/** The SMS outbox page: the text messages the server would have sent, newest first. */
export function smsOutboxPage(messages: StoredSms[], appName: string): string {
  return devOutboxPage({
    title: 'SMS outbox',
    appName,
    note: html`Text messages ${appName} would send; only this computer can see this page. Set SMS_URL to send them for real. <a href="/dev/outbox">Mail outbox</a>`,
    items: messages.map((m) => html`<article><header><strong>to ${m.to}</strong><span>${m.createdAt}</span></header><pre>${m.text}</pre></article>`),
    empty: 'No message yet.',
  });
}

/**
 * GET /dev/sms while no SMS_URL is configured, under the same rule as the mail outbox: only a request
 * from this machine's loopback interface, naming a loopback host, that passed no proxy sees it.
 */
export function smsOutboxRouter(opts: { sms: Sms; appName: string; behindProxy: boolean; remoteAddress?: AddressResolver }) {
  return localOnlyRouter({ ...opts, page: async () => smsOutboxPage(await opts.sms.outbox(), opts.appName) });
}
