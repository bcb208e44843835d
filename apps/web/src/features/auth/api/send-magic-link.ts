import { useMutation } from '@tanstack/react-query';
import { loadAuthClient, toAuthError } from '@/lib/auth';

/** A path on this site (`/x`, never `//host`, a backslash or another origin); anything else falls back to `/`. */
export function sameOriginPath(path: string | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  const base = 'http://same-origin.invalid';
  try {
    return new URL(path, base).origin === base ? path : '/';
  } catch {
    return '/';
  }
}

/** Mails a sign-in link that returns to `callbackURL` (a same-origin path; `/` by default). */
export async function sendMagicLink({ email, callbackURL }: { email: string; callbackURL?: string }) {
  const client = await loadAuthClient();
  const { data, error } = await client.signIn.magicLink({ email, callbackURL: sameOriginPath(callbackURL) });
  if (error) throw toAuthError(error);
  return data;
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
