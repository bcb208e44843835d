import { useMutation } from '@tanstack/react-query';
import { sitePath } from '@/config/paths';
import { loadAuthClient, toAuthError } from '@/lib/auth';

/** A path on this site (`sitePath`); anything else falls back to `/`. */
export function sameOriginPath(path: string | undefined): string {
  return sitePath(path) ?? '/';
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
