import { html, htmlText, type HtmlFragment } from '../lib/html';
import type { Mail } from './mailer';

/** The sign-in link mail, in English and Simplified Chinese (we do not know the reader's language). */
export function magicLinkMail({ to, url, appName }: { to: string; url: string; appName: string }): Mail {
  const subject = `Sign in to ${appName} · 登录 ${appName}`;
  const text = [
    `Sign in to ${appName} with this link (valid for 15 minutes):`,
    url,
    '',
    `点击此链接登录 ${appName}（15 分钟内有效）：`,
    url,
    '',
    "If you didn't ask for it, ignore this mail. 如果这不是你本人的操作，请忽略此邮件。",
  ].join('\n');
  const body = mailPage(
    appName,
    html`<p>Sign in with this link (valid for 15 minutes):<br>点击此链接登录（15 分钟内有效）：</p>
<p><a href="${url}" style="${BUTTON}">Sign in · 登录</a></p>
<p style="${MUTED}">${url}</p>
<p style="${MUTED}">If you didn't ask for it, ignore this mail. 如果这不是你本人的操作，请忽略此邮件。</p>`,
  );
  return { to, subject, text, html: body };
}

/** The mails' inline styles (mail readers ignore style sheets). */
const BODY = 'font-family:system-ui,sans-serif;line-height:1.5;color:#2b2520';
export const MUTED = 'font-size:13px;color:#6b6158';
export const BUTTON = 'display:inline-block;padding:10px 18px;background:#b4532a;color:#fff;border-radius:8px;text-decoration:none';

/** A mail's HTML body: the app's name as its heading, then `inner`. */
export function mailPage(appName: string, inner: HtmlFragment): string {
  return htmlText`<!doctype html><html><body style="${BODY}">
<h1 style="font-size:20px">${appName}</h1>
${inner}
</body></html>`;
}

/** One bilingual mail: a heading, paragraphs (each English then Chinese), one button and the link spelled out. */
export function actionMail(opts: {
  to: string;
  subject: string;
  appName: string;
  paragraphs: Array<[en: string, zh: string]>;
  button: [en: string, zh: string];
  url: string;
  footer: [en: string, zh: string];
}): Mail {
  const { to, subject, appName, paragraphs, button, url, footer } = opts;
  const text = [...paragraphs.map(([en]) => en), url, '', ...paragraphs.map(([, zh]) => zh), url, '', `${footer[0]} ${footer[1]}`].join('\n');
  const body = mailPage(
    appName,
    html`${paragraphs.map(([en, zh]) => html`<p>${en}<br>${zh}</p>\n`)}<p><a href="${url}" style="${BUTTON}">${button[0]} · ${button[1]}</a></p>
<p style="${MUTED}">${url}</p>
<p style="${MUTED}">${footer[0]} ${footer[1]}</p>`,
  );
  return { to, subject, text, html: body };
}

/** Sent at sign-up: confirms that the address belongs to the person who signed up. */
export function verifyEmailMail({ to, url, appName }: { to: string; url: string; appName: string }): Mail {
  return actionMail({
    to,
    appName,
    url,
    subject: `Confirm your address for ${appName} · 确认你的 ${appName} 邮箱`,
    paragraphs: [
      [
        `Someone (we hope you) created a ${appName} account with this address. Confirm it with this link (valid for 24 hours):`,
        `有人（希望是你）用这个邮箱注册了 ${appName} 账号。请点击此链接确认邮箱（24 小时内有效）：`,
      ],
    ],
    button: ['Confirm my address', '确认邮箱'],
    footer: ["If you didn't sign up, ignore this mail: the account stays unconfirmed.", '如果不是你本人注册，请忽略此邮件，该账号将保持未确认状态。'],
  });
}

/**
 * A link to set a new password. `hasPassword` false: the account has none right now (never set, or removed
 * when the address was first proven by a sign-in link), and the mail says so — only the mailbox's owner reads it.
 */
export function resetPasswordMail({ to, url, appName, hasPassword }: { to: string; url: string; appName: string; hasPassword: boolean }): Mail {
  const intro: [string, string] = hasPassword
    ? [
        `Someone (we hope you) asked to reset the password of your ${appName} account. Set a new one with this link (valid for 1 hour):`,
        `有人（希望是你）申请重置你的 ${appName} 账号密码。请点击此链接设置新密码（1 小时内有效）：`,
      ]
    : [
        `Your ${appName} account has no password at the moment: it was never set, or it was removed to protect the account when you first signed in with a link sent to this address. Set one with this link (valid for 1 hour):`,
        `你的 ${appName} 账号目前没有密码：可能从未设置过，或在你首次通过邮件链接登录时为保护账号而被移除。请点击此链接设置密码（1 小时内有效）：`,
      ];
  return actionMail({
    to,
    appName,
    url,
    subject: hasPassword ? `Reset your ${appName} password · 重置 ${appName} 密码` : `Set a password for ${appName} · 设置 ${appName} 密码`,
    paragraphs: [intro],
    button: hasPassword ? ['Set a new password', '设置新密码'] : ['Set a password', '设置密码'],
    footer: ["If you didn't ask for it, ignore this mail: your account stays as it is.", '如果这不是你本人的操作，请忽略此邮件，你的账号不会有任何变化。'],
  });
}
