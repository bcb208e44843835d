import { html, htmlText, type HtmlFragment } from '../lib/html';
import type { StoredMail } from './mailer';

/** A development outbox (mails or text messages the server would have sent): a title, a note, then the messages, newest first. */
export function devOutboxPage(opts: { title: string; appName: string; note: HtmlFragment; items: HtmlFragment[]; empty: string }): string {
  return htmlText`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${opts.title} · ${opts.appName}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f7f3ec;color:#2b2520;margin:0;padding:24px}
main{max-width:760px;margin:0 auto}h1{font-size:22px}p.note{color:#5d544b}
article{background:#fff;border:1px solid #e4dccf;border-radius:12px;padding:16px;margin:12px 0}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}header span{color:#5d544b;font-size:13px}
pre{white-space:pre-wrap;word-break:break-all;font-size:14px}a{color:#9a3f17}
</style></head>
<body><main><h1>${opts.title}</h1>
<p class="note">${opts.note}</p>
${opts.items.length ? opts.items.map((item) => html`${item}\n`) : html`<p>${opts.empty}</p>`}
</main></body></html>`;
}

/** A mail's text with its addresses as links (a magic link is followed from here). */
function linked(text: string): HtmlFragment[] {
  return text.split(/(https?:\/\/[^\s<]+)/).map((part, i) => (i % 2 ? html`<a href="${part}">${part}</a>` : html`${part}`));
}

/**
 * The outbox (served while no SMTP is configured, to this machine only): mails the server would have
 * sent, newest first, with their links clickable so a magic link can be followed locally.
 */
export function outboxPage(mails: StoredMail[], appName: string): string {
  return devOutboxPage({
    title: 'Outbox',
    appName,
    note: html`Mails ${appName} would send; only this computer can see this page. Set SMTP_URL to send them for real.`,
    items: mails.map(
      (m) => html`<article><header><strong>${m.subject}</strong><span>to ${m.to} · ${m.createdAt}</span></header><pre>${linked(m.text)}</pre></article>`,
    ),
    empty: 'No mail yet.',
  });
}
