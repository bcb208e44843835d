import { useEffect, useSyncExternalStore } from 'react';

/** The second-step methods the server offers after a correct password: 'totp' (an app) and 'otp' (SMS). */
export type TwoFactorChallenge = { methods: string[] };

let current: TwoFactorChallenge | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Set by the auth client when a sign-in answers "a second step is needed" (no session yet). */
export function startTwoFactorChallenge(methods: string[]) {
  current = { methods: methods.length ? methods : ['totp'] };
  emit();
}

export function endTwoFactorChallenge() {
  if (!current) return;
  current = null;
  emit();
}

export const currentTwoFactorChallenge = () => current;

/**
 * The pending second step of a sign-in in this tab, or null. `fromUrl` is the sign-in page's
 * `?second-step=totp,otp`: a mailed sign-in link on an account with a second factor lands there.
 */
export function useTwoFactorChallenge(fromUrl?: string | null) {
  useEffect(() => {
    if (fromUrl) startTwoFactorChallenge(fromUrl.split(',').filter((m) => m === 'totp' || m === 'otp'));
  }, [fromUrl]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
