import type { Mail } from './mailer';
import { actionMail } from './templates';

/**
 * Account mails (e-mail change, sign-in code, sign-up with a taken address, a new device), each in
 * English and Simplified Chinese: we do not know the reader's language.
 */

/** To the new address: the change happens only when this link is opened. */
export function changeEmailVerifyMail({ to, url, appName }: { to: string; url: string; appName: string }): Mail {
  return actionMail({
    to,
    appName,
    url,
    subject: `Confirm your new address for ${appName} · 确认你的 ${appName} 新邮箱`,
    paragraphs: [
      [
        `Someone (we hope you) asked to use this address for their ${appName} account. Confirm it with this link (valid for 24 hours); until then the account keeps its old address:`,
        `有人（希望是你）申请将 ${appName} 账号的邮箱改为此地址。请点击此链接确认（24 小时内有效）；确认之前账号仍使用原邮箱：`,
      ],
    ],
    button: ['Confirm my new address', '确认新邮箱'],
    footer: ["If you didn't ask for it, ignore this mail: nothing changes.", '如果这不是你本人的操作，请忽略此邮件，不会有任何变化。'],
  });
}

/** To the old address, when a change to another one was asked for. */
export function changeEmailNoticeMail({ to, newEmail, url, appName }: { to: string; newEmail: string; url: string; appName: string }): Mail {
  return actionMail({
    to,
    appName,
    url,
    subject: `Your ${appName} address is about to change · 你的 ${appName} 邮箱即将更改`,
    paragraphs: [
      [
        `Someone signed in to your ${appName} account asked to change its address to ${newEmail}. It changes only once the link sent there is opened.`,
        `有人在登录你的 ${appName} 账号后申请将邮箱改为 ${newEmail}。只有打开发送到该地址的链接后才会更改。`,
      ],
      ["If it wasn't you, change your password and sign out your other sessions now:", '如果不是你本人操作，请立即更改密码并退出其他会话：'],
    ],
    button: ['Review my account', '查看我的账号'],
    footer: ['If it was you, nothing to do.', '如果是你本人操作，无需任何处理。'],
  });
}

/** A one-time sign-in code. */
export function signInCodeMail({ to, otp, url, appName, minutes }: { to: string; otp: string; url: string; appName: string; minutes: number }): Mail {
  return actionMail({
    to,
    appName,
    url,
    subject: `${otp} is your ${appName} sign-in code · ${appName} 登录验证码 ${otp}`,
    paragraphs: [
      [
        `Your one-time sign-in code is ${otp} (valid for ${minutes} minutes; enter it on the sign-in page).`,
        `你的一次性登录验证码是 ${otp}（${minutes} 分钟内有效，请在登录页输入）。`,
      ],
    ],
    button: [`Open ${appName}`, `打开 ${appName}`],
    footer: [
      "If you didn't ask for it, ignore this mail: nobody can sign in without the code.",
      '如果这不是你本人的操作，请忽略此邮件；没有验证码任何人都无法登录。',
    ],
  });
}

/** To the owner of an address someone tried to sign up with (the form answered as for a new one). */
export function signUpExistingMail({ to, url, appName }: { to: string; url: string; appName: string }): Mail {
  return actionMail({
    to,
    appName,
    url,
    subject: `Someone tried to sign up to ${appName} with your address · 有人尝试用你的邮箱注册 ${appName}`,
    paragraphs: [
      [
        `Someone tried to create a ${appName} account with this address, but it already has one. If it was you, sign in — or, if you forgot your password, reset it from the sign-in page.`,
        `有人尝试用这个邮箱注册 ${appName}，但该邮箱已有账号。如果是你本人，请直接登录；如果忘记了密码，可以在登录页重置。`,
      ],
    ],
    button: ['Sign in', '登录'],
    footer: ["If it wasn't you, ignore this mail: your account stays as it is.", '如果不是你本人，请忽略此邮件，你的账号不会有任何变化。'],
  });
}

/** A session from a device (browser, system, address class) this account had not signed in from. */
export function newSignInMail(opts: {
  to: string;
  browser: string | null;
  os: string | null;
  ip: string | null;
  when: Date;
  url: string;
  appName: string;
}): Mail {
  const { to, browser, os, ip, when, url, appName } = opts;
  const at = `${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const en = `${browser ?? 'an unknown browser'}${os ? ` on ${os}` : ''}${ip ? ` (address ${ip})` : ''}`;
  const zh = `${browser ?? '未知浏览器'}${os ? `（${os}）` : ''}${ip ? `，地址 ${ip}` : ''}`;
  return actionMail({
    to,
    appName,
    url,
    subject: `New sign-in to your ${appName} account · 你的 ${appName} 账号有新的登录`,
    paragraphs: [
      [`Your ${appName} account was signed in to from a new device: ${en}, at ${at}.`, `你的 ${appName} 账号在新设备上登录：${zh}，时间 ${at}。`],
      [
        "If it was you, nothing to do. If it wasn't, change your password and sign out that session:",
        '如果是你本人，无需任何处理。如果不是，请更改密码并退出该会话：',
      ],
    ],
    button: ['Review my sessions', '查看我的会话'],
    footer: ['You get this mail once for each new device.', '每个新设备只会发送一次此邮件。'],
  });
}

/** To an account's owner, once per episode of repeated wrong passwords (password sign-ins now wait). */
export function signInBackoffMail({ to, url, appName }: { to: string; url: string; appName: string }): Mail {
  return actionMail({
    to,
    appName,
    url,
    subject: `Repeated failed sign-ins to your ${appName} account · 你的 ${appName} 账号多次登录失败`,
    paragraphs: [
      [
        `Someone entered a wrong password for your ${appName} account several times. To protect it, sign-ins with a password now wait a little longer after each new failure (up to 15 minutes).`,
        `有人多次为你的 ${appName} 账号输入了错误的密码。为保护账号，此后每次失败后，使用密码登录都需要多等一会儿（最长 15 分钟）。`,
      ],
      [
        'You can still sign in at once with a link or a code we mail you, or with a passkey. If it was not you, choose a new password there.',
        '你仍可以通过我们发送到邮箱的链接或验证码、或使用通行密钥立即登录。如果不是你本人操作，请在登录后设置新密码。',
      ],
    ],
    button: ['Sign in', '登录'],
    footer: ['If it was you, nothing to do: the wait ends by itself.', '如果是你本人操作，无需任何处理，等待会自动结束。'],
  });
}
