import { createAuthMiddleware } from 'better-auth/api';
import { PASSWORD_MAX, PASSWORD_MIN } from '@curio/contract';
import { z } from 'zod';
import type { Env } from '../env';
import type { Mailer } from '../mail/mailer';
import { signUpExistingMail } from '../mail/templates-account';

/** Where the mail to an address's owner sends them: the sign-in page (which offers a reset). */
const SIGN_IN_PAGE = '/login';
/** The admin plugin's `defaultRole` (auth.ts). */
const DEFAULT_ROLE = 'user';

const signUpBody = z.object({
  email: z.string(),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  name: z.string(),
  image: z.string().optional(),
  callbackURL: z.string().optional(),
  rememberMe: z.boolean().optional(),
});

/**
 * No account enumeration at sign-up (a better-auth `hooks.before`): a sign-up with an address that
 * has an account answers 200 with a body shaped like a new account's (`{ token, user }`, here a
 * made-up user and no token), hashes the password as a sign-up would (similar timing), and mails the
 * address's owner instead. A request the endpoint would refuse anyway (a bad address, a short
 * password, a field that may not be set) passes through, so it is refused alike for every address.
 * What still differs is inherent to signing a new account in at once (autoSignIn): only a new
 * account gets a session cookie and a token. docs/decisions.md, "Recovery and e-mail".
 */
export function signUpWithoutEnumeration({ mailer, env }: { mailer: Mailer; env: Env }) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-up/email') return;
    const parsed = signUpBody.safeParse(ctx.body);
    if (!parsed.success) return;
    const raw = ctx.body as Record<string, unknown>;
    if ('tester' in raw) return;
    const email = parsed.data.email.toLowerCase();
    if (!z.email().safeParse(email).success) return;
    const existing = await ctx.context.internalAdapter.findUserByEmail(email);
    if (!existing?.user) return;

    await ctx.context.password.hash(parsed.data.password);
    await mailer.send(signUpExistingMail({ to: existing.user.email, url: `${env.PUBLIC_URL}${SIGN_IN_PAGE}`, appName: env.APP_NAME }));

    // The user a new sign-up would answer: every returned field of the user table, with its default.
    const now = new Date();
    const user: Record<string, unknown> = {
      id: ctx.context.generateId({ model: 'user' }) || crypto.randomUUID().replace(/-/g, ''),
      email,
      name: parsed.data.name,
      image: parsed.data.image ?? null,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
    };
    const fields = ctx.context.tables.user?.fields ?? {};
    for (const [key, field] of Object.entries(fields)) {
      if (key in user || field.returned === false) continue;
      const value = typeof field.defaultValue === 'function' ? (field.defaultValue as () => unknown)() : field.defaultValue;
      user[key] = value ?? null;
    }
    // The admin plugin gives new accounts their role in its create hook, not as a field default.
    if ('role' in user && user.role === null) user.role = DEFAULT_ROLE;
    return ctx.json({ token: null, user });
  });
}

/** The `requestType` of a better-auth e-mail verification token (a JWT), or null. */
export function tokenRequestType(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { requestType?: unknown };
    return typeof claims.requestType === 'string' ? claims.requestType : null;
  } catch {
    return null;
  }
}
