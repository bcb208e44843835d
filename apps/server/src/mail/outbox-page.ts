import type { StoredMail } from './mailer';
import { escapeHtml } from '../lib/html';


/**
 * The outbox (served while no SMTP is configured, to this machine only): mails the server would have
 * sent, newest first, with their links clickable so a magic link can be followed locally.
 */
export function outboxPage(mails: StoredMail[], appName: string): string {
  const items = mails
    .map((m) => {
      const body = escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, (u) => `<a href="${u}">${u}</a>`);
      return `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</span></header><pre>${body}</pre></article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox · ${escapeHtml(appName)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f7f3ec;color:#2b2520;margin:0;padding:24px}
main{max-width:760px;margin:0 auto}h1{font-size:22px}p.note{color:#5d544b}
article{background:#fff;border:1px solid #e4dccf;border-radius:12px;padding:16px;margin:12px 0}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}header span{color:#5d544b;font-size:13px}
pre{white-space:pre-wrap;word-break:break-all;font-size:14px}a{color:#9a3f17}
</style></head>
<body><main><h1>Outbox</h1>
<p class="note">Mails ${escapeHtml(appName)} would send; only this computer can see this page. Set SMTP_URL to send them for real.</p>
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
}
