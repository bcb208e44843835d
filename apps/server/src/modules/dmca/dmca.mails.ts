import { html } from '../../lib/html';
import type { Mail } from '../../mail/mailer';
import { BUTTON, mailPage, MUTED } from '../../mail/templates';

/** What the mails about a notice show of it. */
export interface NoticeForMail {
  reference: string;
  claimantName: string;
  claimantEmail: string;
  claimantAddress: string | null;
  claimantPhone: string | null;
  signature: string;
  workDescription: string;
  originalUrls: string[];
  infringingUrls: string[];
  infringingItemId: string | null;
  createdAt: Date;
}

/** The notice's fields as label/value pairs (English: operators and the claimant's copy). */
function fields(n: NoticeForMail, publicUrl: string): Array<[string, string]> {
  return [
    ['Reference', n.reference],
    ['Received', n.createdAt.toISOString()],
    ['Name', n.claimantName],
    ['Email', n.claimantEmail],
    ['Address', n.claimantAddress ?? '—'],
    ['Phone', n.claimantPhone ?? '—'],
    ['Original work', n.workDescription],
    ['Original URLs', n.originalUrls.length ? n.originalUrls.join('\n') : '—'],
    ['Item on this site', n.infringingItemId ? `${publicUrl}/i/${n.infringingItemId}` : '—'],
    ['Infringing URLs', n.infringingUrls.length ? n.infringingUrls.join('\n') : '—'],
    ['Good-faith statement', 'confirmed'],
    ['Accuracy statement under penalty of perjury', 'confirmed'],
    ['Signature', n.signature],
  ];
}

const fieldsText = (f: Array<[string, string]>) => f.map(([k, v]) => `${k}:\n  ${v.replace(/\n/g, '\n  ')}`).join('\n');
const fieldsHtml = (f: Array<[string, string]>) =>
  html`<table style="border-collapse:collapse;font-size:14px">${f.map(
    ([k, v]) =>
      html`<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;${MUTED}">${k}</th><td style="padding:4px 0;white-space:pre-wrap">${v}</td></tr>`,
  )}</table>`;

/** To each operator: a new notice, with everything in it and the link to review it. */
export function operatorNoticeMail(opts: { to: string; notice: NoticeForMail; appName: string; publicUrl: string }): Mail {
  const { to, notice, appName, publicUrl } = opts;
  const review = `${publicUrl}/mod?tab=dmca&id=${encodeURIComponent(notice.reference)}`;
  const f = fields(notice, publicUrl);
  const subject = `[${appName}] DMCA notice ${notice.reference} from ${notice.claimantName}`;
  const text = [`A DMCA takedown notice was filed (${notice.reference}). Review it:`, review, '', fieldsText(f)].join('\n');
  const body = mailPage(
    appName,
    html`<p>A DMCA takedown notice was filed: <strong>${notice.reference}</strong>.</p>
<p><a href="${review}" style="${BUTTON}">Review the notice</a></p>
${fieldsHtml(f)}`,
  );
  return { to, subject, text, html: body };
}

/** To the claimant: the reference to quote, what happens next, and a copy of the notice. */
export function claimantReceiptMail(opts: { notice: NoticeForMail; appName: string; publicUrl: string }): Mail {
  const { notice, appName, publicUrl } = opts;
  const f = fields(notice, publicUrl);
  const ref = notice.reference;
  const en = [
    `We received your DMCA notice. Your reference is ${ref}; please quote it in any message about this notice.`,
    'A moderator will review it. If it is complete and valid, the material is removed and we let you know; if something is missing, we write to you.',
  ];
  const zh = [
    `我们已收到你的 DMCA 通知。你的编号是 ${ref}，关于此通知的任何沟通请注明此编号。`,
    '管理员会审核此通知。若通知完整有效，相关内容将被移除并通知你；若缺少信息，我们会与你联系。',
  ];
  const subject = `${appName}: DMCA notice received (${ref}) · 已收到 DMCA 通知（${ref}）`;
  const text = [...en, '', ...zh, '', 'Your notice · 你的通知:', fieldsText(f)].join('\n');
  const body = mailPage(
    appName,
    html`${en.map((p, i) => html`<p>${p}<br>${zh[i]}</p>\n`)}<p style="font-size:18px"><strong>${ref}</strong></p>
<p style="${MUTED}">Your notice · 你的通知</p>
${fieldsHtml(f)}`,
  );
  return { to: notice.claimantEmail, subject, text, html: body };
}

/** To the claimant: the moderator needs more information (their note says what). */
export function needInfoMail(opts: { notice: NoticeForMail; note: string; appName: string; publicUrl: string; contact: string | null }): Mail {
  const { notice, note, appName, publicUrl, contact } = opts;
  const ref = notice.reference;
  const reply = contact
    ? [`Please send it to ${contact}, quoting ${ref}.`, `请发送至 ${contact}，并注明编号 ${ref}。`]
    : [
        `Please file a new notice at ${publicUrl}/dmca with the complete information, quoting ${ref} in the description.`,
        `请在 ${publicUrl}/dmca 重新提交包含完整信息的通知，并在描述中注明编号 ${ref}。`,
      ];
  const en = [`We need more information to act on your DMCA notice ${ref}:`, note, reply[0]];
  const zh = [`我们需要更多信息才能处理你的 DMCA 通知 ${ref}：`, note, reply[1]];
  const subject = `${appName}: more information needed for ${ref} · DMCA 通知 ${ref} 需要补充信息`;
  const text = [...en, '', ...zh].join('\n');
  const body = mailPage(
    appName,
    html`<p>${en[0]}<br>${zh[0]}</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #b4532a;white-space:pre-wrap">${note}</blockquote>
<p>${en[2]}<br>${zh[2]}</p>`,
  );
  return { to: notice.claimantEmail, subject, text, html: body };
}

/** To the claimant: the item their notice named was taken down. */
export function takedownMail(opts: { notice: NoticeForMail; appName: string }): Mail {
  const { notice, appName } = opts;
  const ref = notice.reference;
  const en = `The material named in your DMCA notice ${ref} has been removed from ${appName}. Thank you for letting us know.`;
  const zh = `你的 DMCA 通知 ${ref} 所涉及的内容已从 ${appName} 移除。感谢你的告知。`;
  const subject = `${appName}: material removed (${ref}) · 内容已移除（${ref}）`;
  return { to: notice.claimantEmail, subject, text: `${en}\n\n${zh}`, html: mailPage(appName, html`<p>${en}<br>${zh}</p>`) };
}
