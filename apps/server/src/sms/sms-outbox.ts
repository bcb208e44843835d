import { escapeHtml } from '../lib/html';
import { localOnlyRouter, type AddressResolver } from '../mail/outbox-route';
import type { StoredSms } from './sms.repository';
import type { Sms } from './sms';

/** Where the SMS outbox is served (beside the mail outbox). */
export const SMS_OUTBOX_PATH = '/dev/sms';

/** The SMS outbox page: the text messages the server would have sent, newest first. */
export function smsOutboxPage(messages: StoredSms[], appName: string): string {
  const items = messages
    .map((m) => `<article><header><strong>to ${escapeHtml(m.to)}</strong><span>${escapeHtml(m.createdAt)}</span></header><pre>${escapeHtml(m.text)}</pre></article>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>SMS outbox · ${escapeHtml(appName)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f7f3ec;color:#2b2520;margin:0;padding:24px}
main{max-width:760px;margin:0 auto}h1{font-size:22px}p.note{color:#5d544b}
article{background:#fff;border:1px solid #e4dccf;border-radius:12px;padding:16px;margin:12px 0}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}header span{color:#5d544b;font-size:13px}
pre{white-space:pre-wrap;word-break:break-all;font-size:14px}a{color:#9a3f17}
</style></head>
<body><main><h1>SMS outbox</h1>
<p class="note">Text messages ${escapeHtml(appName)} would send; only this computer can see this page. Set SMS_URL to send them for real. <a href="/dev/outbox">Mail outbox</a></p>
${items || '<p>No message yet.</p>'}
</main></body></html>`;
}

/**
 * GET /dev/sms while no SMS_URL is configured, under the same rule as the mail outbox: only a request
 * from this machine's loopback interface, naming a loopback host, that passed no proxy sees it.
 */
export function smsOutboxRouter(opts: { sms: Sms; appName: string; behindProxy: boolean; remoteAddress?: AddressResolver }) {
  return localOnlyRouter({ ...opts, page: async () => smsOutboxPage(await opts.sms.outbox(), opts.appName) });
}
