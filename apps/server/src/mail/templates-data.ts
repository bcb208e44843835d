import { html } from '../lib/html';
import type { Mail } from './mailer';
import { actionMail, mailPage, MUTED } from './templates';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The export is ready: a link that works for its owner, signed in, until it expires. */
export function exportReadyMail(opts: { to: string; appName: string; url: string; expiresAt: Date }): Mail {
  const until = day(opts.expiresAt);
  return actionMail({
    to: opts.to,
    subject: `Your ${opts.appName} data is ready · 你的 ${opts.appName} 数据已准备好`,
    appName: opts.appName,
    paragraphs: [
      [
        `The archive of your data (a ZIP with data.json and your images) can be downloaded until ${until} (UTC).`,
        `你的数据归档（包含 data.json 和图片的 ZIP）可下载至 ${until}（UTC）。`,
      ],
      ['You need to be signed in to the account that asked for it.', '下载时需要登录提出请求的账号。'],
    ],
    button: ['Download my data', '下载我的数据'],
    url: opts.url,
    footer: ["If you didn't ask for it, sign in and change your password.", '如果这不是你本人的操作，请登录并修改密码。'],
  });
}

/** The deletion was scheduled: when it happens, and how to stop it (signing in). */
export function deletionScheduledMail(opts: { to: string; appName: string; url: string; scheduledFor: Date }): Mail {
  const on = day(opts.scheduledFor);
  return actionMail({
    to: opts.to,
    subject: `Your ${opts.appName} account will be deleted · 你的 ${opts.appName} 账号将被删除`,
    appName: opts.appName,
    paragraphs: [
      [
        `Your account and everything you made will be deleted on ${on} (UTC). You have been signed out everywhere.`,
        `你的账号及你创建的所有内容将于 ${on}（UTC）删除。你已在所有设备上退出登录。`,
      ],
      ['Changed your mind? Sign in before then and the deletion is cancelled.', '改变主意了？在此之前登录即可取消删除。'],
    ],
    button: ['Sign in to cancel', '登录以取消'],
    url: opts.url,
    footer: ["If you didn't ask for it, sign in now and change your password.", '如果这不是你本人的操作，请立即登录并修改密码。'],
  });
}

/** The one-time code that confirms a deletion (accounts without a password). */
export function deletionCodeMail(opts: { to: string; appName: string; code: string }): Mail {
  const { to, appName, code } = opts;
  const subject = `Your code to delete your ${appName} account · 删除 ${appName} 账号的验证码`;
  const text = [
    `Your code to confirm the deletion of your account (valid for 15 minutes): ${code}`,
    '',
    `确认删除账号的验证码（15 分钟内有效）：${code}`,
    '',
    "If you didn't ask for it, ignore this mail and change your password. 如果这不是你本人的操作，请忽略此邮件并修改密码。",
  ].join('\n');
  const body = mailPage(
    appName,
    html`<p>Your code to confirm the deletion of your account (valid for 15 minutes):<br>确认删除账号的验证码（15 分钟内有效）：</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:600">${code}</p>
<p style="${MUTED}">If you didn't ask for it, ignore this mail and change your password. 如果这不是你本人的操作，请忽略此邮件并修改密码。</p>`,
  );
  return { to, subject, text, html: body };
}
