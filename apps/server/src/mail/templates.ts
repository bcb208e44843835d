import type { Mail } from './mailer';
import { escapeHtml } from '../lib/html';


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
  const link = escapeHtml(url);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#2b2520">
<h1 style="font-size:20px">${escapeHtml(appName)}</h1>
<p>Sign in with this link (valid for 15 minutes):<br>点击此链接登录（15 分钟内有效）：</p>
<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#b4532a;color:#fff;border-radius:8px;text-decoration:none">Sign in · 登录</a></p>
<p style="font-size:13px;color:#6b6158">${link}</p>
<p style="font-size:13px;color:#6b6158">If you didn't ask for it, ignore this mail. 如果这不是你本人的操作，请忽略此邮件。</p>
</body></html>`;
  return { to, subject, text, html };
}
